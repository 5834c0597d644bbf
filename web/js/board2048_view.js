// A still 2048 board (the History replay and the review page): the grid and the tiles of 16
// cells, row by row, with each tile's cell and value on it for scripts and tests.

/** The board for `cells` (16 tile values, 0 for empty) as a detached element. */
export function staticBoard2048(cells) {
  const board = document.createElement('div');
  board.className = 'board-2048 replay-2048';
  const grid = document.createElement('div');
  grid.className = 'grid-2048';
  for (let i = 0; i < 16; i++) grid.appendChild(Object.assign(document.createElement('div'), { className: 'grid-cell' }));
  const tiles = document.createElement('div');
  tiles.className = 'tiles-2048';
  cells.forEach((v, i) => {
    if (!v) return;
    const tile = document.createElement('div');
    tile.className = `tile tile-${v <= 2048 ? v : 'super'}`;
    tile.style.setProperty('--x', i % 4);
    tile.style.setProperty('--y', Math.floor(i / 4));
    tile.dataset.cell = i;
    tile.dataset.value = v;
    tile.innerHTML = `<div class="tile-inner digits-${String(v).length}">${v}</div>`;
    tiles.appendChild(tile);
  });
  board.append(grid, tiles);
  return board;
}
