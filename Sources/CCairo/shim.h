#ifndef CONSENTRENDER_CCAIRO_SHIM_H
#define CONSENTRENDER_CCAIRO_SHIM_H

#include <cairo.h>
#include <cairo-pdf.h>
#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <pango/pangofc-font.h>
#include <ft2build.h>
#include FT_FREETYPE_H

/* PANGO_GLYPH_UNKNOWN_FLAG is a cast macro, which Swift does not import. */
static const unsigned int cr_pango_glyph_unknown_flag = PANGO_GLYPH_UNKNOWN_FLAG;

#endif
