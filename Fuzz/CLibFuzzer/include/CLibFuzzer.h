#ifndef KIROKU_CLIBFUZZER_H
#define KIROKU_CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

// libFuzzer's entry for programs that have a main of their own (compiler-rt's FuzzerInterface.h).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
