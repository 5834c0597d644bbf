// pbrain-tilestone: the Gomocup brain. All protocol work is in protocol::run.

#include <iostream>

#include "protocol/gomocup.h"

int main() {
  std::ios::sync_with_stdio(false);
  return tilestone::protocol::run(std::cin, std::cout);
}
