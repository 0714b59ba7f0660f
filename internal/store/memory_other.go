//go:build !linux

package store

import "os"

// memoryFile returns a temporary file removed at once: only the open store holds it.
func memoryFile() (*os.File, error) { return tempFile() }
