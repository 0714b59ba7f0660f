package store_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/klauspost/compress/dict"
	"github.com/klauspost/compress/zstd"

	"postald/internal/office"
)

var updateDict = flag.Bool("update-dict", false, "train letters.dict anew on the referee's scenarios")

// letterPayloads replays the referee's scenarios through the office (as postald simulate does),
// in Russian and in English, and returns what the store compresses of their letters (received
// and sent), split into the scenarios a dictionary is trained on and those it is measured on.
func letterPayloads(t *testing.T) (train, held [][]byte) {
	t.Helper()
	dirs, err := filepath.Glob(filepath.Join("..", "referee", "testdata", "scenarios", "*", "sheet.toml"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no scenarios: %v", err)
	}
	sort.Strings(dirs)
	for i, sheetPath := range dirs {
		dir := filepath.Dir(sheetPath)
		sheet, err := os.ReadFile(filepath.Join(dir, "sheet.toml"))
		if err != nil {
			t.Fatal(err)
		}
		mbox, err := os.ReadFile(filepath.Join(dir, "letters.mbox"))
		if err != nil {
			t.Fatal(err)
		}
		for _, lang := range []string{"ru", "en"} {
			sh := bytes.Replace(sheet, []byte(`language = "ru"`), []byte(`language = "`+lang+`"`), 1)
			sim, err := office.NewSimulation(sh, nil)
			if err != nil {
				t.Fatalf("%s: %v", dir, err)
			}
			for _, raw := range office.SplitMbox(mbox) {
				if _, err := sim.Letter(raw); err != nil {
					t.Fatalf("%s: %v", dir, err)
				}
			}
			err = sim.Store().Payloads(func(p []byte) error {
				if i%4 == 3 {
					held = append(held, bytes.Clone(p))
				} else {
					train = append(train, bytes.Clone(p))
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			sim.Close()
		}
	}
	return train, held
}

// TestLetterDictionary measures the letters' dictionary on letters it was not trained on: the
// scenarios left out of its training, each letter compressed on its own as the store keeps it,
// with the dictionary and without. A dictionary that does not pay is not one to keep. With
// -update-dict it trains letters.dict anew first.
func TestLetterDictionary(t *testing.T) {
	train, held := letterPayloads(t)
	if *updateDict {
		d, err := dict.BuildZstdDict(train, dict.Options{MaxDictSize: 48 << 10, HashBytes: 6, ZstdDictID: 1, ZstdLevel: zstd.SpeedBetterCompression})
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile("letters.dict", d, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	d, err := os.ReadFile("letters.dict")
	if err != nil {
		t.Fatal(err)
	}
	plain, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBetterCompression), zstd.WithEncoderCRC(false))
	if err != nil {
		t.Fatal(err)
	}
	withDict, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBetterCompression), zstd.WithEncoderCRC(false), zstd.WithEncoderDict(d))
	if err != nil {
		t.Fatal(err)
	}
	var raw, p, w int
	for _, s := range held {
		raw += len(s)
		p += len(plain.EncodeAll(s, nil))
		w += len(withDict.EncodeAll(s, nil))
	}
	t.Logf("%d letters not trained on (of %d), %d bytes: %d compressed alone (%.2f), %d with the dictionary of %d bytes (%.2f)",
		len(held), len(held)+len(train), raw, p, float64(p)/float64(raw), w, len(d), float64(w)/float64(raw))
	if len(held) < 50 {
		t.Fatalf("only %d letters to measure on", len(held))
	}
	if float64(w) > 0.75*float64(p) {
		t.Errorf("the dictionary saves too little: %d bytes with it, %d without", w, p)
	}
}
