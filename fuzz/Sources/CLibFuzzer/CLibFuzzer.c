// Declarations only (include/CLibFuzzer.h); the driver itself is compiler-rt's libFuzzer.
#include "CLibFuzzer.h"
