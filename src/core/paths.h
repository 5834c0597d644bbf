#pragma once
// Where an installed tilestone finds the files it ships: share/tilestone beside the program's
// bin folder (<prefix>/bin/../share/tilestone), whatever the prefix, with no environment variable.

#include <filesystem>

namespace tilestone::core {

/// The folder of the running program; empty when the system does not say.
std::filesystem::path program_folder();

/// <program folder>/../share/tilestone when that folder exists (an installed program), else empty
/// (a program run from its build folder, which uses the source tree's data/).
std::filesystem::path installed_data_folder();

}  // namespace tilestone::core
