#ifndef BREWSTATS_CPNG_SHIM_H
#define BREWSTATS_CPNG_SHIM_H
// libpng's simplified write API, used by BrewCairo alone to encode cairo's image surfaces (PNGEncoder.swift).
#include <png.h>
#endif
