// Reads a Gomoku network file and positions, and prints what the engine's network says about each:
// the trainer's agreement test (train/gomoku/tests/agreement.py) compares it with PyTorch.
//
//   network_agree NETWORK POSITIONS
//
// POSITIONS: one position a line, "SIZE SIDE CELLS": SIDE 0 black / 1 white to move, CELLS the
// SIZE * SIZE points row by row from the top (y * SIZE + x), '.' empty, 'x' black, 'o' white.
// Output, one line a position: "WIN DRAW LOSS SCORE | P0 P1 ..." (integer logits, engine score,
// then the policy logit of every empty cell in the same order). The stones are played one by one
// on the accumulators, and the result must equal a from-scratch reset (else exit 1).

#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "gomoku/board.h"
#include "gomoku/network.h"

using namespace tilestone::gomoku;

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: network_agree NETWORK POSITIONS\n";
    return 2;
  }
  const auto net = load_network_file(argv[1]);
  if (!net) {
    std::cerr << net.error() << "\n";
    return 2;
  }
  std::ifstream in(argv[2]);
  if (!in) {
    std::cerr << "cannot open " << argv[2] << "\n";
    return 2;
  }
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    ++n;
    std::istringstream fields(line);
    int size = 0, side = 0;
    std::string cells;
    fields >> size >> side >> cells;
    if (size < params::MIN_SIZE || size > params::MAX_SIZE || (side != 0 && side != 1) ||
        cells.size() != static_cast<std::size_t>(size * size)) {
      std::cerr << "position " << n << ": bad line\n";
      return 2;
    }
    // Stones of each colour in turn, passing when the side to move has none left.
    Board board(size, net->rule());
    NetworkState st(*net);
    st.reset(board);
    std::vector<int> stones[2];
    for (int i = 0; i < size * size; ++i) {
      if (cells[static_cast<std::size_t>(i)] == 'x') stones[0].push_back(board.index({i % size, i / size}));
      if (cells[static_cast<std::size_t>(i)] == 'o') stones[1].push_back(board.index({i % size, i / size}));
    }
    std::size_t next[2] = {0, 0};
    while (next[0] < stones[0].size() || next[1] < stones[1].size()) {
      const int c = index_of(board.to_move());
      if (next[c] == stones[c].size()) {
        board.pass();
        continue;
      }
      const int idx = stones[c][next[c]++];
      board.play_index(idx);
      st.play(board, idx);
    }
    if (index_of(board.to_move()) != side) board.pass();
    NetworkState fresh(*net);
    fresh.reset(board);
    const NetValue v = st.evaluate(board), w = fresh.evaluate(board);
    if (v.logits != w.logits) {
      std::cerr << "position " << n << ": incremental and from-scratch values differ\n";
      return 1;
    }
    std::cout << v.logits[0] << ' ' << v.logits[1] << ' ' << v.logits[2] << ' ' << v.score << " |";
    for (int i = 0; i < size * size; ++i) {
      const int idx = board.index({i % size, i / size});
      if (board.cell(idx) != CELL_EMPTY) continue;
      if (st.policy(board, idx) != fresh.policy(board, idx)) {
        std::cerr << "position " << n << ": incremental and from-scratch policies differ\n";
        return 1;
      }
      std::cout << ' ' << st.policy(board, idx);
    }
    std::cout << '\n';
  }
  return 0;
}
