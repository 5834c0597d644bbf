#include "app/commands.h"
namespace tilestone::app {
void add_2048_commands(CLI::App&) {}
}
