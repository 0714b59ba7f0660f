//go:build race

package tablebase

// raceDetector is set when the tests run under the race detector, which makes a build ten
// times slower; the tests then build smaller databases.
const raceDetector = true
