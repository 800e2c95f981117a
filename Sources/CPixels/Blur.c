#include "CPixels.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/// The widths of three box blurs whose sequence approximates a Gaussian of `sigma` (the usual
/// construction: boxes of the two odd widths around the ideal, as many of each as make the variance).
static void box_widths(double sigma, int widths[3]) {
    double ideal = sqrt(12.0 * sigma * sigma / 3.0 + 1.0);
    int lower = (int)floor(ideal);
    if (lower % 2 == 0) lower--;
    if (lower < 1) lower = 1;
    int upper = lower + 2;
    double m = (12.0 * sigma * sigma - 3.0 * lower * lower - 12.0 * lower - 9.0) / (-4.0 * lower - 4.0);
    int count = (int)lround(m);
    for (int i = 0; i < 3; i++) widths[i] = i < count ? lower : upper;
}

/// One box blur of `radius` along a line of `n` pixels `step` words apart, from `src` to `dst`;
/// pixels past the ends repeat the edge pixel.
static void box_line(const uint32_t *src, uint32_t *dst, int n, ptrdiff_t step, int radius) {
    uint32_t width = (uint32_t)(2 * radius + 1);
    uint32_t sum[4] = {0, 0, 0, 0};
    // The window starts centred on pixel 0 with its left half made of copies of pixel 0.
    for (int k = -radius; k <= radius; k++) {
        int i = k < 0 ? 0 : (k >= n ? n - 1 : k);
        uint32_t p = src[i * step];
        for (int c = 0; c < 4; c++) sum[c] += (p >> (8 * c)) & 0xFF;
    }
    for (int i = 0; i < n; i++) {
        uint32_t out = 0;
        for (int c = 0; c < 4; c++) out |= ((sum[c] + width / 2) / width) << (8 * c);
        dst[i * step] = out;
        int leaving = i - radius, entering = i + radius + 1;
        uint32_t a = src[(leaving < 0 ? 0 : leaving) * step];
        uint32_t b = src[(entering >= n ? n - 1 : entering) * step];
        for (int c = 0; c < 4; c++) sum[c] += ((b >> (8 * c)) & 0xFF) - ((a >> (8 * c)) & 0xFF);
    }
}

int cr_blur_argb(uint32_t *pixels, int width, int height, ptrdiff_t stride, double sigma) {
    if (width <= 0 || height <= 0 || !(sigma > 0)) return 0;
    int widths[3];
    box_widths(sigma, widths);
    int longest = width > height ? width : height;
    uint32_t *line = malloc(sizeof(uint32_t) * (size_t)longest * 2);
    if (!line) return -1;
    uint32_t *other = line + longest;
    for (int pass = 0; pass < 3; pass++) {
        int radius = (widths[pass] - 1) / 2;
        if (radius == 0) continue;
        for (int y = 0; y < height; y++) {
            uint32_t *row = pixels + (ptrdiff_t)y * stride;
            memcpy(line, row, sizeof(uint32_t) * (size_t)width);
            box_line(line, row, width, 1, radius);
        }
        for (int x = 0; x < width; x++) {
            for (int y = 0; y < height; y++) line[y] = pixels[(ptrdiff_t)y * stride + x];
            box_line(line, other, height, 1, radius);
            for (int y = 0; y < height; y++) pixels[(ptrdiff_t)y * stride + x] = other[y];
        }
    }
    free(line);
    return 0;
}
