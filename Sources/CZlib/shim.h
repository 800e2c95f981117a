#ifndef CONSENTRENDER_CZLIB_SHIM_H
#define CONSENTRENDER_CZLIB_SHIM_H

#include <zlib.h>

#endif
