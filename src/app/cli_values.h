#pragma once
// Strict values for command-line options. On its own CLI11 takes '' as 0, wraps -5 into an
// unsigned, saturates 18446744073709551616 and reads 010 as octal; these checks run on the text
// before CLI11 converts it, so such values end in a message and exit status 2 instead.
//
// The validators carry no description: an option's help shows its value name (type_name) and
// its default, and the option's own text says the range (options.h writes it).

#include <cstdint>

#include <CLI/CLI.hpp>

namespace tilestone::app {

/// A decimal integer in [lo, hi]: digits only, with a '-' only where lo < 0; no spaces, sign
/// '+', hex, octal, exponent or fraction.
CLI::Validator integer_in(std::int64_t lo, std::int64_t hi);

/// A seed: a decimal integer from 0 to 2^64 - 1.
CLI::Validator seed_value();

/// A finite decimal number in [lo, hi] ("50", "2.5", "1e3"; not "nan", "inf", "0x10").
CLI::Validator number_in(double lo, double hi);

/// A path or name that must not be empty (an empty --db would quietly mean the default database,
/// an empty --host every address).
CLI::Validator non_empty();

/// One of `names` (case-sensitive), with a message that lists them.
CLI::Validator one_of(std::vector<std::string> names);

}  // namespace tilestone::app
