// Package tablebase is the shell of postald's endgame databases: it builds them on every core
// (Build: one pair of materials at a time, its positions in chunks taken by the workers in turn,
// progress reported, a context to stop), writes each material's file whole or not at all, and
// opens the files for probing (Open, Directory) with a small cache of the blocks read. The
// index, the retrograde analysis and the probe are package endgame's; the file format is in
// format.go.
//
// A build can be stopped at any moment and run again: a material whose file is there and passes
// the checks of its header is kept (and read back, every block's checksum checked, when a later
// material needs it); a file that fails them is built again. Files are written to a temporary
// name, synced and renamed, so a file with its real name is always complete, and two builds of the
// same material write the same bytes.
package tablebase
