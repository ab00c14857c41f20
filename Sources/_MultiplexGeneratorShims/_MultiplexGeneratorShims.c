// The operating-system calls the generator makes (see the header for why they are in C).

#define _GNU_SOURCE
#include "_MultiplexGeneratorShims.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#if defined(__APPLE__)
#include <crt_externs.h>
#define MPXG_ENVIRON (*_NSGetEnviron())
#else
extern char **environ;
#define MPXG_ENVIRON environ
#endif

int _mpxg_read_descriptor(int descriptor, unsigned char **bytes, long *count) {
  size_t capacity = 65536, length = 0;
  unsigned char *buffer = malloc(capacity);
  if (!buffer) return ENOMEM;
  for (;;) {
    if (length == capacity) {
      unsigned char *grown = realloc(buffer, capacity * 2);
      if (!grown) {
        free(buffer);
        return ENOMEM;
      }
      buffer = grown;
      capacity *= 2;
    }
    ssize_t read_count = read(descriptor, buffer + length, capacity - length);
    if (read_count < 0) {
      if (errno == EINTR) continue;
      int error = errno;
      free(buffer);
      return error;
    }
    if (read_count == 0) break;
    length += (size_t)read_count;
  }
  *bytes = buffer;
  *count = (long)length;
  return 0;
}

int _mpxg_read_file(const char *path, unsigned char **bytes, long *count) {
  int descriptor = open(path, O_RDONLY | O_CLOEXEC);
  if (descriptor < 0) return errno;
  int error = _mpxg_read_descriptor(descriptor, bytes, count);
  close(descriptor);
  return error;
}

int _mpxg_write_descriptor(int descriptor, const unsigned char *bytes, long count) {
  long offset = 0;
  while (offset < count) {
    ssize_t written = write(descriptor, bytes + offset, (size_t)(count - offset));
    if (written < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    offset += written;
  }
  return 0;
}

/// The file `path` names once its symbolic links are followed (it may not exist yet: a dangling link names its
/// target), allocated with `malloc`; null with `errno` set (`ELOOP` after 40 links).
static char *mpxg_follow_links(const char *path) {
  char *current = strdup(path);
  for (int depth = 0; current && depth <= 40; depth++) {
    struct stat info;
    if (lstat(current, &info) != 0 || !S_ISLNK(info.st_mode)) return current;
    char target[PATH_MAX];
    ssize_t length = readlink(current, target, sizeof target - 1);
    if (length < 0) {
      int error = errno;
      free(current);
      errno = error;
      return NULL;
    }
    target[length] = 0;
    // A relative target is relative to the link's directory.
    const char *slash = strrchr(current, '/');
    size_t prefix = target[0] != '/' && slash ? (size_t)(slash - current) + 1 : 0;
    char *next = malloc(prefix + (size_t)length + 1);
    if (next) {
      memcpy(next, current, prefix);
      memcpy(next + prefix, target, (size_t)length + 1);
    }
    free(current);
    current = next;
  }
  if (current) {
    free(current);
    errno = ELOOP;
  } else {
    errno = ENOMEM;
  }
  return NULL;
}

int _mpxg_replace_file(const char *path, const unsigned char *bytes, long count) {
  char *target = mpxg_follow_links(path);
  if (!target) return errno;
  size_t length = strlen(target) + 64;
  char *temporary = malloc(length);
  if (!temporary) {
    free(target);
    return ENOMEM;
  }
  // A new file, never one that exists (`O_EXCL` also refuses a symbolic link planted at the name): a name
  // taken, by a file left over or another process's, is skipped.
  int descriptor = -1;
  for (int attempt = 0; attempt < 100; attempt++) {
    if (attempt == 0) {
      snprintf(temporary, length, "%s.multiplex-generate-%ld", target, (long)getpid());
    } else {
      snprintf(temporary, length, "%s.multiplex-generate-%ld-%d", target, (long)getpid(), attempt);
    }
    descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (descriptor >= 0 || errno != EEXIST) break;
  }
  if (descriptor < 0) {
    int error = errno;
    free(temporary);
    free(target);
    return error;
  }
  int error = _mpxg_write_descriptor(descriptor, bytes, count);
  if (close(descriptor) != 0 && error == 0) error = errno;
  if (error == 0 && rename(temporary, target) != 0) error = errno;
  if (error != 0) unlink(temporary);
  free(temporary);
  free(target);
  return error;
}

int _mpxg_file_kind(const char *path, double *modified) {
  struct stat info;
  if (stat(path, &info) != 0) return 0;
#if defined(__APPLE__)
  if (modified) *modified = (double)info.st_mtimespec.tv_sec + (double)info.st_mtimespec.tv_nsec / 1e9;
#else
  if (modified) *modified = (double)info.st_mtim.tv_sec + (double)info.st_mtim.tv_nsec / 1e9;
#endif
  return S_ISDIR(info.st_mode) ? 1 : 2;
}

int _mpxg_is_executable(const char *path) {
  return access(path, X_OK) == 0 && _mpxg_file_kind(path, NULL) == 2;
}

int _mpxg_list_directory(const char *path, char **names, long *count) {
  DIR *directory = opendir(path);
  if (!directory) return errno;
  size_t capacity = 4096, length = 0;
  char *buffer = malloc(capacity);
  if (!buffer) {
    closedir(directory);
    return ENOMEM;
  }
  struct dirent *entry;
  errno = 0;
  while ((entry = readdir(directory)) != NULL) {
    if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0) continue;
    size_t size = strlen(entry->d_name) + 1;
    while (length + size > capacity) {
      char *grown = realloc(buffer, capacity * 2);
      if (!grown) {
        free(buffer);
        closedir(directory);
        return ENOMEM;
      }
      buffer = grown;
      capacity *= 2;
    }
    memcpy(buffer + length, entry->d_name, size);
    length += size;
  }
  int error = errno;
  closedir(directory);
  if (error != 0) {
    free(buffer);
    return error;
  }
  *names = buffer;
  *count = (long)length;
  return 0;
}

int _mpxg_make_directory(const char *path) {
  return mkdir(path, 0777) == 0 ? 0 : errno;
}

void _mpxg_remove_tree(const char *path) {
  struct stat info;
  if (lstat(path, &info) != 0) return;
  if (!S_ISDIR(info.st_mode)) {
    unlink(path);
    return;
  }
  DIR *directory = opendir(path);
  if (directory) {
    struct dirent *entry;
    while ((entry = readdir(directory)) != NULL) {
      if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0) continue;
      size_t length = strlen(path) + strlen(entry->d_name) + 2;
      char *child = malloc(length);
      if (!child) continue;
      snprintf(child, length, "%s/%s", path, entry->d_name);
      _mpxg_remove_tree(child);
      free(child);
    }
    closedir(directory);
  }
  rmdir(path);
}

int _mpxg_make_temporary_directory(char *template_path) {
  return mkdtemp(template_path) ? 0 : errno;
}

char *_mpxg_current_directory(void) {
  size_t capacity = 4096;
  for (;;) {
    char *buffer = malloc(capacity);
    if (!buffer) return NULL;
    if (getcwd(buffer, capacity)) return buffer;
    free(buffer);
    if (errno != ERANGE) return NULL;
    capacity *= 2;
  }
}

const char *_mpxg_environment_variable(const char *name) {
  return getenv(name);
}

char *const *_mpxg_environment(void) {
  return MPXG_ENVIRON;
}

const char *_mpxg_error_message(int code) {
  return strerror(code);
}

void _mpxg_open_standard_descriptors(void) {
  for (int descriptor = 0; descriptor <= 2; descriptor++) {
    if (fcntl(descriptor, F_GETFD) != -1 || errno != EBADF) continue;
    // The lowest free descriptor: `descriptor` itself, as the ones below it are open.
    int opened = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY);
    if (opened < 0) return;
    if (opened != descriptor) {
      dup2(opened, descriptor);
      close(opened);
    }
  }
}

/// Seconds on a clock that only moves forward.
static double mpxg_now(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static void mpxg_sleep(double seconds) {
  struct timespec duration = {(time_t)seconds, (long)((seconds - (double)(time_t)seconds) * 1e9)};
  while (nanosleep(&duration, &duration) != 0 && errno == EINTR) {}
}

/// Waits at most `seconds` (0: checks once) for child `pid` to end: 1 when it has (`*wait_status` says how), 0
/// when it has not, -1 with `errno` on failure.
static int mpxg_wait(pid_t pid, double seconds, int *wait_status) {
  double deadline = mpxg_now() + seconds, pause = 0.001;
  for (;;) {
    pid_t result = waitpid(pid, wait_status, WNOHANG);
    if (result == pid) return 1;
    if (result < 0 && errno != EINTR) return -1;
    double left = deadline - mpxg_now();
    if (left <= 0) return 0;
    mpxg_sleep(pause < left ? pause : left);
    if (pause < 0.05) pause *= 2;
  }
}

/// A buffer that grows as a child's output is read.
struct mpxg_buffer {
  unsigned char *bytes;
  size_t length, capacity;
};

/// Reads what non-blocking `descriptor` holds now: 1 at its end, 0 when more may come, or an `errno` value
/// (negated).
static int mpxg_read_available(int descriptor, struct mpxg_buffer *buffer) {
  for (;;) {
    if (buffer->length == buffer->capacity) {
      unsigned char *grown = realloc(buffer->bytes, buffer->capacity * 2);
      if (!grown) return -ENOMEM;
      buffer->bytes = grown;
      buffer->capacity *= 2;
    }
    ssize_t read_count = read(descriptor, buffer->bytes + buffer->length, buffer->capacity - buffer->length);
    if (read_count > 0) {
      buffer->length += (size_t)read_count;
      continue;
    }
    if (read_count == 0) return 1;
    if (errno == EINTR) continue;
    return errno == EAGAIN || errno == EWOULDBLOCK ? 0 : -errno;
  }
}

/// A pipe whose ends are closed in any program this process starts (the child gets a copy on 1 or 2 from the
/// spawn's file actions, which is not).
static int mpxg_make_pipe(int ends[2]) {
#if defined(__APPLE__)
  if (pipe(ends) != 0) return errno;
  fcntl(ends[0], F_SETFD, FD_CLOEXEC);
  fcntl(ends[1], F_SETFD, FD_CLOEXEC);
  return 0;
#else
  return pipe2(ends, O_CLOEXEC) == 0 ? 0 : errno;
#endif
}

int _mpxg_run(
  const char *executable, char *const *arguments, int captured, double timeout, int *exit_status, int *signal_number,
  int *timed_out, unsigned char **output, long *output_count
) {
  struct mpxg_buffer buffer = {malloc(65536), 0, 65536};
  if (!buffer.bytes) return ENOMEM;
  int ends[2];
  int error = mpxg_make_pipe(ends);
  if (error != 0) {
    free(buffer.bytes);
    return error;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, captured == 1 ? 2 : 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, ends[1], captured == 1 ? 1 : 2);
  pid_t pid;
  int spawned = posix_spawn(&pid, executable, &actions, NULL, arguments, MPXG_ENVIRON);
  posix_spawn_file_actions_destroy(&actions);
  close(ends[1]);
  if (spawned != 0) {
    close(ends[0]);
    free(buffer.bytes);
    return spawned;
  }
  fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK);
  int reading = 1, ended = 0, wait_status = 0;
  double deadline = mpxg_now() + (timeout > 0 ? timeout : 1e12);
  // Read while the pipe is open, waking every 0.1 s to see whether the child has ended: a program it started may
  // hold the pipe open after it ends.
  while (!ended) {
    double left = deadline - mpxg_now();
    if (left <= 0) break;
    if (reading) {
      struct pollfd ready = {ends[0], POLLIN, 0};
      if (poll(&ready, 1, left < 0.1 ? (int)(left * 1000) + 1 : 100) > 0) {
        int result = mpxg_read_available(ends[0], &buffer);
        if (result != 0) reading = 0;
        if (result < 0) error = -result;
      }
    }
    int waited = mpxg_wait(pid, reading ? 0 : left, &wait_status);
    if (waited < 0) {
      // Nothing left to wait for (never expected): report why, and signal no process.
      error = errno;
      ended = 1;
    } else {
      ended = waited;
    }
  }
  if (ended && reading) {
    int result = mpxg_read_available(ends[0], &buffer);
    if (result < 0) error = -result;
  }
  close(ends[0]);
  *timed_out = !ended;
  if (!ended) {
    kill(pid, SIGTERM);
    if (mpxg_wait(pid, 2, &wait_status) != 1) {
      kill(pid, SIGKILL);
      while (waitpid(pid, &wait_status, 0) < 0 && errno == EINTR) {}
    }
  }
  if (error != 0) {
    free(buffer.bytes);
    return error;
  }
  *exit_status = WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : 0;
  *signal_number = WIFSIGNALED(wait_status) ? WTERMSIG(wait_status) : 0;
  *output = buffer.bytes;
  *output_count = (long)buffer.length;
  return 0;
}

void _mpxg_free(void *pointer) {
  free(pointer);
}

void _mpxg_exit(int status) {
  exit(status);
}
