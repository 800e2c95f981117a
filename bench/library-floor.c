// The libraries' own floor for the screenshot comparison with Chromium (docs/performance.md).
//
// What render-cli's 40-screenshot matrix of Samples/world-agreement needs at the least, done in C
// with the same libraries and nothing else: load the project's fontconfig file, then for each of
// the ten languages lay out its text with Pango (the first use of each language's fonts included)
// and, four times (the four cells of a language), fill a 1179x2556 screen, draw a card and the
// text, convert BGRX to RGB scanlines and deflate them with ISA-L level 0. No lint, link map,
// manifest or file. It prints the CPU time of a language's first screen and of the later ones.
// Not part of the build or the tests:
//
//   cc -O2 bench/library-floor.c -o /tmp/library-floor $(pkg-config --cflags --libs pangocairo pangofc fontconfig) -lisal
//   /tmp/library-floor Sources/ConsentRender/Resources/fonts.conf Samples/world-agreement
#include <fontconfig/fontconfig.h>
#include <isa-l.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <stdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static double wall(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static double cpu(void) {
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return u.ru_utime.tv_sec + u.ru_utime.tv_usec * 1e-6 + u.ru_stime.tv_sec + u.ru_stime.tv_usec * 1e-6;
}

static char *contents(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    rewind(file);
    char *text = malloc(size + 1);
    size_t read = fread(text, 1, size, file);
    text[read] = 0;
    fclose(file);
    return text;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s FONTS.CONF DOCUMENT-FOLDER\n", argv[0]);
        return 2;
    }
    static const char *languages[] = {"ar", "de", "en", "fr", "he", "hi", "ja", "ko", "th", "zh-Hans"};
    static const char *fontconfigTags[] = {"ar", "de", "en", "fr", "he", "hi", "ja", "ko", "th", "zh-cn"};
    double startWall = wall(), startCPU = cpu();

    // fontconfig reads a relative name from its own folder: give it the whole path.
    char *fontsConf = realpath(argv[1], NULL);
    FcConfig *config = FcConfigCreate();
    if (!fontsConf || !FcConfigParseAndLoad(config, (const FcChar8 *)fontsConf, 1) || !FcConfigBuildFonts(config)) {
        fprintf(stderr, "%s: fontconfig could not load %s\n", argv[0], argv[1]);
        return 1;
    }
    FcConfigSetCurrent(config);
    PangoFontMap *map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), config);
    pango_cairo_font_map_set_resolution(PANGO_CAIRO_FONT_MAP(map), 72);
    PangoContext *context = pango_font_map_create_context(map);
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    pango_cairo_context_set_font_options(context, options);
    double fontsCPU = cpu() - startCPU;

    const int width = 1179, height = 2556;
    size_t pixels = (size_t)width * height, scanlines = pixels * 3 + height;
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
    uint8_t *rgb = malloc(scanlines), *out = malloc(scanlines + 65536);
    double firstCPU = 0, laterCPU = 0;
    size_t deflated = 0;
    for (int language = 0; language < 10; language++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s.md", argv[2], languages[language]);
        char *text = contents(path);
        if (!text) {
            fprintf(stderr, "%s: cannot read %s\n", argv[0], path);
            return 1;
        }
        PangoLayout *body = pango_layout_new(context);
        PangoFontDescription *bodyFont = pango_font_description_from_string(
            "Noto Sans, Noto Sans Arabic, Noto Sans Hebrew, Noto Sans Devanagari, Noto Sans Thai, Noto Sans CJK JP 15");
        pango_layout_set_font_description(body, bodyFont);
        pango_layout_set_width(body, 305 * PANGO_SCALE);
        pango_layout_set_wrap(body, PANGO_WRAP_WORD_CHAR);
        PangoAttrList *attributes = pango_attr_list_new();
        pango_attr_list_insert(attributes, pango_attr_language_new(pango_language_from_string(fontconfigTags[language])));
        pango_layout_set_attributes(body, attributes);
        pango_layout_set_text(body, text, -1);
        PangoLayout *title = pango_layout_copy(body);
        PangoFontDescription *titleFont = pango_font_description_copy(bodyFont);
        pango_font_description_set_size(titleFont, 17 * PANGO_SCALE);
        pango_font_description_set_weight(titleFont, PANGO_WEIGHT_SEMIBOLD);
        pango_layout_set_font_description(title, titleFont);
        pango_layout_set_text(title, "Privacy 隐私 الخصوصية", -1);
        for (int cell = 0; cell < 4; cell++) {
            double cellStart = cpu();
            cairo_t *cr = cairo_create(surface);
            cairo_set_source_rgb(cr, 0.57, 0.57, 0.58);
            cairo_paint(cr);
            cairo_scale(cr, 3, 3);
            cairo_set_source_rgb(cr, 1, 1, 1);
            cairo_rectangle(cr, 24, 180, 345, 480);
            cairo_fill(cr);
            cairo_set_source_rgb(cr, 0, 0, 0);
            cairo_move_to(cr, 44, 200);
            pango_cairo_update_layout(cr, title);
            pango_cairo_show_layout(cr, title);
            cairo_move_to(cr, 44, 240);
            pango_cairo_update_layout(cr, body);
            pango_cairo_show_layout(cr, body);
            cairo_destroy(cr);
            cairo_surface_flush(surface);
            const uint8_t *bitmap = cairo_image_surface_get_data(surface);
            int stride = cairo_image_surface_get_stride(surface);
            uint8_t *scanline = rgb;
            for (int y = 0; y < height; y++) {
                *scanline++ = 0;
                const uint32_t *row = (const uint32_t *)(bitmap + (size_t)y * stride);
                for (int x = 0; x < width; x++) {
                    uint32_t pixel = row[x];
                    *scanline++ = pixel >> 16;
                    *scanline++ = pixel >> 8;
                    *scanline++ = pixel;
                }
            }
            struct isal_zstream stream;
            isal_deflate_init(&stream);
            stream.level = 0;
            stream.end_of_stream = 1;
            stream.next_in = rgb;
            stream.avail_in = scanlines;
            stream.next_out = out;
            stream.avail_out = scanlines + 65536;
            if (isal_deflate(&stream) != COMP_OK) {
                fprintf(stderr, "%s: ISA-L failed\n", argv[0]);
                return 1;
            }
            deflated += stream.total_out;
            if (cell == 0) firstCPU += cpu() - cellStart; else laterCPU += cpu() - cellStart;
        }
        g_object_unref(body);
        g_object_unref(title);
        pango_attr_list_unref(attributes);
        pango_font_description_free(bodyFont);
        pango_font_description_free(titleFont);
        free(text);
    }
    printf("fonts loaded %.1f ms CPU; a language's first screen %.2f ms CPU, later screens %.2f ms CPU; "
           "all 40: %.0f ms wall, %.0f ms CPU; %zu KB deflated a screen\n",
           fontsCPU * 1e3, firstCPU * 1e3 / 10, laterCPU * 1e3 / 30, (wall() - startWall) * 1e3,
           (cpu() - startCPU) * 1e3, deflated / 40 / 1024);
    return 0;
}
