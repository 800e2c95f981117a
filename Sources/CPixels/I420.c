#include "CPixels.h"

static inline int clamp_index(int value, int limit) {
    return value < limit ? value : limit - 1;
}

void cr_argb_to_i420(const uint32_t *pixels, int width, int height, ptrdiff_t stride,
                     uint8_t *y, uint8_t *u, uint8_t *v, int frameWidth,
                     int x0, int y0, int w, int h) {
    const int chromaWidth = frameWidth / 2;
    for (int row = y0; row < y0 + h; row += 2) {
        const uint32_t *top = pixels + (ptrdiff_t)clamp_index(row, height) * stride;
        const uint32_t *bottom = pixels + (ptrdiff_t)clamp_index(row + 1, height) * stride;
        uint8_t *yTop = y + (ptrdiff_t)row * frameWidth;
        uint8_t *yBottom = yTop + frameWidth;
        uint8_t *uRow = u + (ptrdiff_t)(row / 2) * chromaWidth;
        uint8_t *vRow = v + (ptrdiff_t)(row / 2) * chromaWidth;
        for (int column = x0; column < x0 + w; column += 2) {
            const int left = clamp_index(column, width), right = clamp_index(column + 1, width);
            const uint32_t quad[4] = { top[left], top[right], bottom[left], bottom[right] };
            int red = 0, green = 0, blue = 0;
            for (int i = 0; i < 4; i++) {
                const int r = (int)(quad[i] >> 16 & 0xFF), g = (int)(quad[i] >> 8 & 0xFF), b = (int)(quad[i] & 0xFF);
                const uint8_t luma = (uint8_t)(((47 * r + 157 * g + 16 * b + 128) >> 8) + 16);
                uint8_t *target = (i < 2 ? yTop : yBottom) + column + (i & 1);
                *target = luma;
                red += r;
                green += g;
                blue += b;
            }
            /* The offsets keep every sum positive, so the shifts are plain divisions. */
            uRow[column / 2] = (uint8_t)((-26 * red - 87 * green + 112 * blue + (128 << 10) + 512) >> 10);
            vRow[column / 2] = (uint8_t)((112 * red - 102 * green - 10 * blue + (128 << 10) + 512) >> 10);
        }
    }
}
