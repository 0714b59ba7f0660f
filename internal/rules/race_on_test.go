//go:build race

package rules

// raceDetector is set when the tests run under the race detector, which
// makes the simple generator of simple_test.go ten times slower; the
// comparison tests then walk smaller trees.
const raceDetector = true
