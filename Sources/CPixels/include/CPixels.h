#ifndef CPIXELS_H
#define CPIXELS_H

#include <stddef.h>
#include <stdint.h>

/// Blurs `width`×`height` premultiplied ARGB32 pixels (rows `stride` words apart) in place with
/// three box blurs in each direction, which approximate a Gaussian of standard deviation `sigma`
/// pixels. Integer arithmetic only, so the result is the same on every machine. Returns 0, or -1
/// when scratch memory cannot be had (the pixels are then unchanged).
int cr_blur_argb(uint32_t *pixels, int width, int height, ptrdiff_t stride, double sigma);

#endif
