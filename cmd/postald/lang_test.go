package main

import (
	"os"
	"testing"
)

// TestMain runs the tests in the C locale, without [cli] language: the command line speaks
// English unless a test sets its language, whatever the machine's locale.
func TestMain(m *testing.M) {
	os.Unsetenv("LC_ALL")
	os.Unsetenv("LC_MESSAGES")
	os.Setenv("LANG", "C.UTF-8")
	os.Exit(m.Run())
}
