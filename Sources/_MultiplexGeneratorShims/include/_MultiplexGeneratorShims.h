// The operating-system calls of `multiplex-generate` and its reader, `MultiplexSymbolGraphReader`: files, directories, the
// environment and running `swift symbolgraph-extract`.
//
// Swift could call the C library through `Glibc` (or `Darwin`, `Musl`) instead, but importing that module costs a
// clean build more than all of this: the compiler builds a Clang module of every C library header, and with
// index-while-building (SwiftPM's default in debug) indexes all of it. This header includes no system header, so
// importing it costs nothing; `_MultiplexGeneratorShims.c` includes the few it needs.
//
// Every function that can fail returns 0 on success or the `errno` value that says why. A buffer a function
// returns is allocated with `malloc`: release it with `_mpxg_free`. These declarations are an implementation
// detail of the generator: nothing outside the package may use them.

#ifndef MULTIPLEX_GENERATOR_SHIMS_H
#define MULTIPLEX_GENERATOR_SHIMS_H

/// Reads the file at `path` to its end (a file of `/proc` says its size is 0): `*bytes` and `*count`.
int _mpxg_read_file(const char *path, unsigned char **bytes, long *count);

/// Reads `descriptor` to its end.
int _mpxg_read_descriptor(int descriptor, unsigned char **bytes, long *count);

/// Writes all of `bytes` to `descriptor` (1 is standard output, 2 standard error).
int _mpxg_write_descriptor(int descriptor, const unsigned char *bytes, long count);

/// Replaces the file at `path` with `bytes`: written to a new file beside it, then renamed over it. A symbolic link
/// stays a link: the file it leads to is replaced (and made, for a link to nothing). The new file is created with
/// `O_EXCL`, named `<file>.multiplex-generate-<pid>` (a name taken gets `-1`, `-2`…), and gets the permissions the
/// umask leaves of `rw-rw-rw-`.
int _mpxg_replace_file(const char *path, const unsigned char *bytes, long count);

/// What is at `path`, following a symbolic link: 0 nothing, 1 a directory, 2 anything else; `*modified` is its
/// modification time in seconds since 1970 (when `modified` is not null).
int _mpxg_file_kind(const char *path, double *modified);

/// Whether this process may execute the file at `path` (1 or 0).
int _mpxg_is_executable(const char *path);

/// The names in directory `path` but `.` and `..`, each followed by a NUL byte, `*count` bytes in all.
int _mpxg_list_directory(const char *path, char **names, long *count);

/// Creates directory `path` (its parent must exist).
int _mpxg_make_directory(const char *path);

/// Removes `path`, and everything in it when it is a directory (a symbolic link is removed, not followed).
void _mpxg_remove_tree(const char *path);

/// Makes a new directory from `template` (a path ending in `XXXXXX`, which become random characters).
int _mpxg_make_temporary_directory(char *template_path);

/// The current directory, or null.
char *_mpxg_current_directory(void);

/// The value of environment variable `name`, or null (not to be released).
const char *_mpxg_environment_variable(const char *name);

/// This process's environment, `NAME=value` strings ending with a null (not to be released).
char *const *_mpxg_environment(void);

/// The C library's words for `errno` value `code` (not to be released).
const char *_mpxg_error_message(int code);

/// Opens `/dev/null` on each of descriptors 0, 1 and 2 that is closed, so that no file or pipe the process opens
/// later lands on one of them (where a child's standard streams would replace it). Call it first.
void _mpxg_open_standard_descriptors(void);

/// Runs `executable` (a path) with `arguments` (null-terminated, the program's name first) and this process's
/// environment, standard input on `/dev/null`; what it writes on descriptor `captured` (1, standard output, or
/// 2, standard error) is returned in `*output` and `*output_count`, the other stream goes to `/dev/null`. No other
/// descriptor of this process reaches it. `*exit_status` is its exit status when it exited, `*signal_number` the
/// signal that ended it (0 when it exited). A child still running `timeout` seconds after it started (when
/// `timeout` > 0) is sent `SIGTERM`, then `SIGKILL` if it is still running 2 seconds later; `*timed_out` is then 1.
int _mpxg_run(
  const char *executable, char *const *arguments, int captured, double timeout, int *exit_status, int *signal_number,
  int *timed_out, unsigned char **output, long *output_count);

void _mpxg_free(void *pointer);

/// Ends the process with `status`.
void _mpxg_exit(int status) __attribute__((noreturn));

#endif
