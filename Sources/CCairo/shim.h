#ifndef BREWSTATS_CCAIRO_SHIM_H
#define BREWSTATS_CCAIRO_SHIM_H
// The only C headers brewstats uses for drawing. Imported by BrewCairo alone.
#include <cairo/cairo.h>
#include <cairo/cairo-svg.h>
#include <cairo/cairo-pdf.h>
#include <cairo/cairo-ft.h>
#endif
