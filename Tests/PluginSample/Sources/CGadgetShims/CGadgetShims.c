#include "CGadgetShims.h"
