#ifndef CONSENTRENDER_CCAIRO_SHIM_H
#define CONSENTRENDER_CCAIRO_SHIM_H

#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <pango/pangofc-font.h>
#include <ft2build.h>
#include FT_FREETYPE_H

#endif
