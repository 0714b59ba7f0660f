package office

import (
	"fmt"
	"path/filepath"
	"time"

	"postald/internal/store"
)

// BackupRequest: `backup`, a consistent, checked copy of the store at Path, which must be
// absolute (the daemon's working directory is not the caller's) and must not exist.
type BackupRequest struct {
	Path string `json:"path"`
}

func (BackupRequest) Name() string { return "backup" }

func (BackupRequest) Changes() bool { return false }

func (c BackupRequest) run(o *Office) (any, error) {
	return replied(o.backup(c))
}

// BackedUp is the copy a backup wrote: its path and length, and the store it copies.
type BackedUp struct {
	Path  string `json:"path"`
	Bytes int64  `json:"bytes"`
	Store string `json:"store"`
	// Archives are the archived tournaments' files beside the copy (store.BackupInfo), Copied of
	// them copied this time.
	Archives int    `json:"archives,omitempty"`
	Copied   int    `json:"copied,omitempty"`
	Dir      string `json:"archive_dir,omitempty"`
}

// backup writes the copy of the store, from one read transaction: the daemon's owner goes on
// writing meanwhile.
func (o *Office) backup(req BackupRequest) (*BackedUp, error) {
	if !filepath.IsAbs(req.Path) {
		return nil, fmt.Errorf("%w: backup %q: the path must be absolute", ErrBadRequest, req.Path)
	}
	info, err := o.opt.Store.Backup(req.Path)
	if err != nil {
		return nil, err
	}
	rep := &BackedUp{Path: info.Path, Bytes: info.Bytes, Store: o.opt.Store.Path(), Archives: info.Archives, Copied: info.ArchiveCopied}
	if info.Archives > 0 {
		rep.Dir = filepath.Join(filepath.Dir(info.Path), store.ArchiveDirName)
	}
	return rep, nil
}

// ArchiveRequest: `archive`, a finished tournament moved out of the store into an archive file
// of its own (store.DB.ArchiveTournament); with List, the archived tournaments listed instead.
type ArchiveRequest struct {
	Tournament string `json:"tournament,omitempty"`
	List       bool   `json:"list,omitempty"`
}

func (ArchiveRequest) Name() string { return "archive" }

func (c ArchiveRequest) Changes() bool { return !c.List }

func (c ArchiveRequest) run(o *Office) (any, error) {
	if err := o.code(&c.Tournament); err != nil {
		return nil, err
	}
	return replied(o.archive(c))
}

// ArchiveReply is the tournament moved (Moved), or the archived tournaments (List).
type ArchiveReply struct {
	Moved *store.ArchiveResult       `json:"moved,omitempty"`
	List  []store.ArchivedTournament `json:"list,omitempty"`
	// Dir is the store's archive directory.
	Dir string `json:"dir"`
}

// PruneRequest: `prune`, the raw bytes of archived tournaments' letters dropped once RetainDays
// have passed since the later of their last letter and their archiving (every archived
// tournament, or Tournament). RetainDays is [store] retain_raw_days: never less than 30 (clause
// 4.1.13); 0 keeps the letters and prunes nothing.
type PruneRequest struct {
	Tournament string `json:"tournament,omitempty"`
	RetainDays int    `json:"retain_days"`
}

func (PruneRequest) Name() string { return "prune" }

func (PruneRequest) Changes() bool { return true }

func (c PruneRequest) run(o *Office) (any, error) {
	if err := o.code(&c.Tournament); err != nil {
		return nil, err
	}
	return replied(o.prune(c))
}

// PruneReply says, for each archived tournament looked at, what was dropped or until when its
// letters are kept.
type PruneReply struct {
	Tournaments []PrunedTournament `json:"tournaments"`
}

// PrunedTournament is one tournament of a PruneReply.
type PrunedTournament struct {
	Code string `json:"code"`
	File string `json:"file"`
	// Dropped letters and their bytes; Before and After are the file's lengths.
	Dropped int   `json:"dropped"`
	Bytes   int64 `json:"bytes"`
	Before  int64 `json:"before,omitempty"`
	After   int64 `json:"after,omitempty"`
	// KeptUntil is set when its letters are still within their retention: nothing was dropped.
	KeptUntil time.Time `json:"kept_until,omitzero"`
	// PrunedBefore is set when its letters were pruned already, by an earlier prune.
	PrunedBefore time.Time `json:"pruned_before,omitzero"`
}

// archive is `postald archive`.
func (o *Office) archive(req ArchiveRequest) (*ArchiveReply, error) {
	rep := &ArchiveReply{Dir: o.opt.Store.ArchiveDir()}
	if req.List {
		err := o.opt.Store.View(func(tx *store.Tx) (err error) {
			rep.List, err = tx.ArchivedTournaments()
			return err
		})
		return rep, err
	}
	if req.Tournament == "" {
		return nil, fmt.Errorf("%w: archive names the tournament", ErrBadRequest)
	}
	res, err := o.opt.Store.ArchiveTournament(req.Tournament, o.now())
	if err != nil {
		return nil, err
	}
	rep.Moved = &res
	return rep, nil
}

// prune is `postald prune`.
func (o *Office) prune(req PruneRequest) (*PruneReply, error) {
	if req.RetainDays == 0 {
		return nil, fmt.Errorf("[store] retain_raw_days is 0: the letters are kept for ever and nothing is pruned")
	}
	retain := time.Duration(req.RetainDays) * 24 * time.Hour
	var recs []store.ArchivedTournament
	if err := o.opt.Store.View(func(tx *store.Tx) error {
		all, err := tx.ArchivedTournaments()
		for _, r := range all {
			if req.Tournament == "" || r.Code == req.Tournament {
				recs = append(recs, r)
			}
		}
		return err
	}); err != nil {
		return nil, err
	}
	if req.Tournament != "" && len(recs) == 0 {
		return nil, fmt.Errorf("tournament %s is not archived: postald archive moves a finished tournament out of the store first", req.Tournament)
	}
	rep := &PruneReply{Tournaments: []PrunedTournament{}}
	now := o.now()
	for _, r := range recs {
		p := PrunedTournament{Code: r.Code, File: r.File}
		if until := r.RetainedUntil(retain); now.Before(until) {
			p.KeptUntil = until
			rep.Tournaments = append(rep.Tournaments, p)
			continue
		}
		res, err := o.opt.Store.PruneArchived(r.Code, now, retain)
		if err != nil {
			return rep, err
		}
		p.PrunedBefore = r.Pruned
		p.File, p.Dropped, p.Bytes, p.Before, p.After = res.File, res.Dropped, res.Bytes, res.Before, res.ArchivedTournament.Bytes
		rep.Tournaments = append(rep.Tournaments, p)
	}
	return rep, nil
}
