// tilestone bench: a deterministic fixed-depth search over fixed positions.
#include "app/commands.h"
namespace tilestone::app {
void add_bench_command(CLI::App&) {}
}
