#ifndef CPIXELS_H
#define CPIXELS_H

#include <stddef.h>
#include <stdint.h>

/// Blurs `width`×`height` premultiplied ARGB32 pixels (rows `stride` words apart) in place with
/// three box blurs in each direction, which approximate a Gaussian of standard deviation `sigma`
/// pixels. Integer arithmetic only, so the result is the same on every machine. Returns 0, or -1
/// when scratch memory cannot be had (the pixels are then unchanged).
int cr_blur_argb(uint32_t *pixels, int width, int height, ptrdiff_t stride, double sigma);

/// Converts the rectangle (x0, y0, w, h) of opaque ARGB32 pixels (an image `width`×`height`, rows
/// `stride` words apart) into the I420 planes of a video frame `frameWidth` pixels wide: `y` one
/// byte per pixel, `u` and `v` one byte per 2×2 block. The frame may be larger than the image (an
/// odd size padded to even): its extra columns and rows repeat the image's last column and row.
/// x0, y0, w and h must be even and the rectangle inside the frame. BT.709 limited range, integer
/// arithmetic, so the bytes are the same on every machine.
void cr_argb_to_i420(const uint32_t *pixels, int width, int height, ptrdiff_t stride,
                     uint8_t *y, uint8_t *u, uint8_t *v, int frameWidth,
                     int x0, int y0, int w, int h);

#endif
