// Compiled by tests/layers/layers.cmake against one library's include roots, outside the default
// build: CHECK_HEADER names a header from a layer that library must not see (or, for the control,
// one it must see).
#include CHECK_HEADER
