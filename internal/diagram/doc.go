// Package diagram draws board diagrams of positions as pictures (PNG): the
// picture a player gets with a letter, to set up on his board or to check
// his own against.
//
// The package is pure: it reads no file, clock or environment. [Draw]
// returns the picture, [PNG] its bytes; the same position and options always
// give the same bytes, so that a picture can be compared, cached or sent
// twice without change. The picture carries no word in any language:
// everything in it is read by position and colour.
//
// # How to read a diagram
//
// The board. White plays from the bottom of the picture, Black from the
// top. Pieces stand on the brown squares; the cream squares are never used.
// A dark frame goes round the board.
//
// The coordinates are written in the variant's own notation:
//   - Russian draughts and column draughts (8×8): the files a to h under the
//     board, the rows 1 to 8 on its left.
//   - International draughts (10×10): the number of every empty square is
//     written on it, 1 to 50 (1 is the top left, 46 the bottom left, as the
//     rules number them), and the numbers of the squares along the edge are
//     repeated outside the board on all four sides, so that the number of a
//     covered square can be found from its row and column.
//   - Lasca (7×7): the files a to g under the board, the rows 1 to 7 on its
//     left, and the number of every empty square on it (1 is a1, 4 is g1,
//     25 is g7); both notations are read in a letter.
//
// The side to move. A piece of the colour whose turn it is stands in the
// right margin, level with that side's own first row (bottom right for
// White, top right for Black), with a black triangle pointing at the board.
//
// Men and kings (Russian and international draughts). A piece is seen from
// above: a white or black disc with a ring. A king carries a gold crown.
//
// Towers (column draughts and Lasca). Every piece on the board is part of a
// tower, and towers are seen from the side, as a stack of flat discs: the
// disc at the top, whose face shows, is the top piece, which owns the tower
// and decides how it moves; the discs below it are the pieces under it, in
// order, down to the bottom one. A single piece is a tower of one disc.
// Every disc has the same thickness in every tower of a diagram, so heights
// compare at a glance: count the bands. A king has a gold crown on its face
// when it is on top, and a gold stripe along its side wherever it is in the
// tower, so a king buried in a tower is seen too (it regains its rights when
// it comes back on top). A tower of more than four pieces shows its top three
// pieces and, under them, a grey disc standing for all the pieces below (with
// the gold stripe when a king is among them); its height (all its pieces) is
// written in a white disc with a red rim at its top right. The colours of
// the pieces the grey disc stands for are in the position's FEN, which lists
// every tower in full.
//
// The last move. Its start and end squares are blue. A capture's path is a
// blue line from the start square through each square the piece landed on,
// and every square jumped has a red frame: in Russian and international
// draughts the taken piece is gone from it; in the tower variants what
// remains of the jumped tower is still there, with its new top piece.
//
// # Drawing conventions for programmers
//
// Pictures are 400 pixels wide by default ([Options].Width, kept between
// [MinWidth] and [MaxWidth]); the height follows from the board. The
// drawing order is fixed (squares, marks of the last move, numbers, towers
// from the top row down, the side to move); the font is Go Bold, parsed
// once.
//
// A picture is drawn in palette indices directly, from a kit made once for
// its variant and width (kit.go): the empty board with its frame and
// coordinates, and sprites of the men and kings, of every coin of a tower
// at every place in a stack, of the height badges, the square numbers, the
// side-to-move marks and the segments of capture paths. The sprites are
// rasterized once, antialiased, and kept as palette indices: the pixels a
// shape covers whole are copied, the pixels of its rim are mixed with what
// lies under them through a blend table (palette.go). Drawing a picture is
// copying the board and laying the sprites on it; it rasterizes nothing.
// The kits of the last few variants and widths are kept, in a cache safe
// for concurrent use; the widest pictures get a kit of their own.
//
// The palette is fixed: the base colours, and between each pair of colours
// whose edges meet in a diagram the mixtures of an edge's six steps of
// coverage; an edge between two colours not paired takes the nearest colour.
//
// The PNG encoder (encode.go) is made for pictures of flat colours: 8-bit
// palette indices, the palette written up to the last colour used, rows
// unfiltered, a compressor that looks for repeats where a diagram has them
// (the pixel before, the row above, two and four squares back) and one
// deflate block with Huffman codes made for the picture. The bytes depend on
// the pixels alone.
package diagram
