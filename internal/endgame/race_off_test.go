//go:build !race

package endgame_test

// raceDetector is set when the tests run under the race detector, which makes the solvers ten
// times slower; the tests then look at fewer positions.
const raceDetector = false
