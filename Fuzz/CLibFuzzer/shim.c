// SwiftPM builds a C target only when it has a source file; the declaration in include/ is all this target is for.
#include "CLibFuzzer.h"
