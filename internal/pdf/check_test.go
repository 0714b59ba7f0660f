package pdf

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
)

// An object is one object of a PDF file as parsePDF reads it: its
// dictionary (or other value) and, for a stream, its data, decompressed.
type object struct {
	dict   string
	stream []byte
	isStm  bool
}

var (
	xrefHead = regexp.MustCompile(`^xref\n0 (\d+)\n`)
	entryRE  = regexp.MustCompile(`^(\d{10}) (\d{5}) ([nf]) \n$`)
	lengthRE = regexp.MustCompile(`/Length (\d+)`)
	refRE    = regexp.MustCompile(`(\d+) 0 R\b`)
	sizeRE   = regexp.MustCompile(`^trailer\n<< /Size (\d+) /Root (\d+) 0 R /Info (\d+) 0 R /ID \[<[0-9a-f]{32}> <[0-9a-f]{32}>\] >>\nstartxref\n`)
)

// parsePDF reads a file as Write writes them, checking its structure: the
// header, the cross-reference table (every offset points at its object's
// "N 0 obj", objects end where the next begins), the trailer, the streams'
// lengths and compression, and that every reference is to an object of the
// table. It returns the objects by number.
func parsePDF(b []byte) (map[int]object, error) {
	if !bytes.HasPrefix(b, []byte("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")) {
		return nil, fmt.Errorf("no PDF header")
	}
	i := bytes.LastIndex(b, []byte("startxref\n"))
	if i < 0 {
		return nil, fmt.Errorf("no startxref")
	}
	tail := string(b[i+len("startxref\n"):])
	xref, err := strconv.Atoi(tail[:max(0, len(tail)-len("\n%%EOF\n"))])
	if err != nil || tail != fmt.Sprintf("%d\n%%%%EOF\n", xref) || xref <= 0 || xref >= len(b) {
		return nil, fmt.Errorf("bad startxref and end of file: %q", tail)
	}
	m := xrefHead.FindSubmatch(b[xref:])
	if m == nil {
		return nil, fmt.Errorf("no xref table at offset %d", xref)
	}
	n, _ := strconv.Atoi(string(m[1]))
	entries := b[xref+len(m[0]):]
	if n < 1 || len(entries) < 20*n {
		return nil, fmt.Errorf("xref table of %d entries, %d bytes left", n, len(entries))
	}
	if string(entries[:20]) != "0000000000 65535 f \n" {
		return nil, fmt.Errorf("xref entry 0 is %q", entries[:20])
	}
	offsets := make([]int, n)
	for k := 1; k < n; k++ {
		e := entryRE.FindSubmatch(entries[20*k : 20*k+20])
		if e == nil || string(e[2]) != "00000" || string(e[3]) != "n" {
			return nil, fmt.Errorf("xref entry %d is %q", k, entries[20*k:20*k+20])
		}
		offsets[k], _ = strconv.Atoi(string(e[1]))
		if k > 1 && offsets[k] <= offsets[k-1] || offsets[k] >= xref {
			return nil, fmt.Errorf("object %d at %d: out of order or past the xref table", k, offsets[k])
		}
	}
	t := sizeRE.FindSubmatch(entries[20*n:])
	if t == nil {
		return nil, fmt.Errorf("bad trailer: %q", entries[20*n:])
	}
	if size, _ := strconv.Atoi(string(t[1])); size != n {
		return nil, fmt.Errorf("trailer /Size %d, xref table of %d entries", size, n)
	}
	objs := make(map[int]object, n)
	for k := 1; k < n; k++ {
		end := xref
		if k+1 < n {
			end = offsets[k+1]
		}
		body := b[offsets[k]:end]
		head := fmt.Sprintf("%d 0 obj\n", k)
		if !bytes.HasPrefix(body, []byte(head)) {
			return nil, fmt.Errorf("xref offset %d of object %d points at %.20q", offsets[k], k, body)
		}
		body = body[len(head):]
		if !bytes.HasSuffix(body, []byte("endobj\n")) {
			return nil, fmt.Errorf("object %d does not end with endobj before the next object", k)
		}
		body = body[:len(body)-len("endobj\n")]
		var o object
		if s := bytes.Index(body, []byte(">>\nstream\n")); s >= 0 {
			o.dict, o.isStm = string(body[:s+2]), true
			l := lengthRE.FindStringSubmatch(o.dict)
			if l == nil {
				return nil, fmt.Errorf("stream object %d has no /Length", k)
			}
			length, _ := strconv.Atoi(l[1])
			data := body[s+len(">>\nstream\n"):]
			if len(data) != length+len("\nendstream\n") || !bytes.HasSuffix(data, []byte("\nendstream\n")) {
				return nil, fmt.Errorf("stream object %d: /Length %d, %d bytes before endstream", k, length, len(data)-len("\nendstream\n"))
			}
			data = data[:length]
			if bytes.Contains([]byte(o.dict), []byte("/FlateDecode")) {
				zr, err := zlib.NewReader(bytes.NewReader(data))
				if err != nil {
					return nil, fmt.Errorf("stream object %d: %w", k, err)
				}
				if data, err = io.ReadAll(zr); err != nil {
					return nil, fmt.Errorf("stream object %d: %w", k, err)
				}
			}
			o.stream = data
		} else {
			if !bytes.HasSuffix(body, []byte("\n")) {
				return nil, fmt.Errorf("object %d does not end with a newline", k)
			}
			o.dict = string(body[:len(body)-1])
		}
		for _, r := range refRE.FindAllStringSubmatch(o.dict, -1) {
			if ref, _ := strconv.Atoi(r[1]); ref < 1 || ref >= n {
				return nil, fmt.Errorf("object %d refers to object %d, not in the table", k, ref)
			}
		}
		objs[k] = o
	}
	for _, k := range []int{objCatalog, objPages, objInfo} {
		if _, ok := objs[k]; !ok {
			return nil, fmt.Errorf("no object %d", k)
		}
	}
	return objs, nil
}

// pageCount is the number of page objects in objs, which must be the
// catalog's /Count.
func pageCount(objs map[int]object) (int, error) {
	n := 0
	for _, o := range objs {
		if strings.HasPrefix(o.dict, "<< /Type /Page ") {
			n++
		}
	}
	pages := objs[objPages].dict
	i := strings.Index(pages, "/Count ")
	var count int
	if _, err := fmt.Sscanf(pages[max(i, 0):], "/Count %d", &count); i < 0 || err != nil {
		return 0, fmt.Errorf("pages object %q: no /Count", pages)
	}
	if count != n {
		return 0, fmt.Errorf("/Count %d, %d page objects", count, n)
	}
	return n, nil
}
