#include "FastPNG.h"

#include <isa-l.h>

uint64_t cr_crc64(uint64_t crc, const void *data, size_t length) {
    return crc64_ecma_refl(crc, (const unsigned char *)data, (uint64_t)length);
}
