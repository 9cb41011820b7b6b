#ifndef BREWSTATS_CCAIRO_SHIM_H
#define BREWSTATS_CCAIRO_SHIM_H
// The only C headers brewstats uses for drawing. Imported by BrewCairo alone.
// fontconfig is used to resolve a font per character (fallback for scripts DejaVu Sans lacks, e.g. CJK).
#include <cairo/cairo.h>
#include <cairo/cairo-svg.h>
#include <cairo/cairo-pdf.h>
#include <cairo/cairo-ft.h>
#include <fontconfig/fontconfig.h>
#endif
