// Package store keeps postald's state in one bbolt file: tournaments' start
// sheets, game states, every letter received and sent, the outbox, the
// judge's rulings and each game's next event.
//
// The store is shell: it does I/O and nothing clever. Game states are
// blobs produced by the caller (GameState; postald's office writes the
// referee's game as JSON): the store knows of them only what GameState says
// — whether the game is in play, and, for a state kept in parts, that it is a
// JSON object some of whose arrays are kept apart in chunks. The store's own
// records (inbound letters, outbox items, archive entries, rulings) are typed
// here. It reads no clock: every instant is given by the caller.
//
// # Opening
//
// Open creates the file with mode 0600 (and tightens a looser mode on an
// existing file, with a warning in the log), waits at most Options.Timeout
// (DefaultTimeout when zero, never forever) for bbolt's exclusive lock, and
// fails with ErrInUse naming the process that holds it. The file's schema
// version is kept in the meta bucket: a new file is created at
// SchemaVersion, an older file is migrated by the ordered migrations of
// schema.go inside the one transaction that opens it (a crash during a
// migration leaves the file at its old version), and a newer file is refused
// with ErrNewerSchema.
//
// # Checking
//
// Open checks the file before it is used. The header check always runs:
// bbolt's meta pages, the file's length against them (a truncated copy),
// the schema version and the buckets. The deep check runs unless
// Options.SkipCheck. A file of up to Options.CheckLimit (DefaultCheckLimit,
// 64 MiB) is checked whole: first the store's own walk of every bucket, key and
// value (on the opening goroutine, so that a panic or a fault bbolt raises
// on a bad page is recovered), then bbolt's consistency check, then
// VerifyAll: every archive chain, every game record's seal and the rulings
// log, every chunk of a game kept in parts, every part of a letter kept apart
// and the index of the games in play. Pages are checked through a read-only
// handle before the read-write open, because bbolt reads the freelist when it
// opens a file read-write and a panic there would leak its mapping, and the
// lock. A larger file is checked in what was written since its last check
// (verify.go, DB.CheckNew): every write marks the chain or game it wrote, each
// chain keeps the last entry a check verified, and Open checks the marked
// ones from there, every chain's head against its point, the rulings and the
// archived tournaments' records, and records what it verified.
// DB.CheckWhole checks everything (postald's judge verify and the daemon's
// schedule run it), in read transactions of its own, and records its point
// too. BenchmarkOpenCheck and BenchmarkOpenLarge measure both.
//
// A damaged file is reported as a *DamageError naming the file and what is
// damaged (it matches ErrDamaged; inside it a *ChainError or a *SealError
// says which record). Every DB method that runs a transaction (View,
// Update, Verify, WriteTo, Check, Backup) is a boundary: a panic raised
// inside bbolt becomes a *DamageError, a panic of the caller's function goes
// on as it was.
//
// # Schema
//
// schema.go lists every bucket, its key layout and its value encoding, the
// versions and the migrations. In short:
//
//	meta            schema_version, instance, rulings_head, tournaments_revision
//	tournaments     tournament code → start sheet (raw TOML or JSON)
//	games           "tournament/game" → caller format, in play, anchor, seal, lists kept apart, state or head
//	game_chunks     "tournament/game" 0 reference → place, previous reference, list, items (since version 4)
//	games_in_play   "tournament/game" → (the games in play, since version 4)
//	inbound         mailbox 0 UIDVALIDITY UID → Inbound (received, done, quarantined, duplicate)
//	inbound_id      "mid:"Message-ID or "sha256:"digest → inbound key (since version 2)
//	outbox          sequence → OutboxItem + raw letter
//	outbox_due      next attempt, sequence → (pending items only)
//	archive         chain → { sequence → prev hash, hash, metadata, raw letter }
//	archive_head    chain → last sequence, last hash
//	rulings         sequence → Ruling (append-only)
//	rulings_index   tournament 0 game 0 sequence →
//	events          instant, "tournament/game" →
//	events_by_game  "tournament/game" → instant
//	archived_tournaments  tournament code → archive file, its length and SHA-256 (since version 5)
//	outbox_cards    sequence → (cards and calls waiting for the captain; since version 6)
//	letter_parts    tournament 0 SHA-256 → a large part of its letters, kept once (since version 7)
//	dictionaries    zstd dictionary ID → the dictionary packed letters name (since version 7)
//	verified        chain → the last entry the deep check verified (since version 7)
//	unverified      chain or game → (written since the deep check covered it; since version 7)
//
// Keys sort: sequences and instants are big-endian, games are
// "tournament/game" strings. Every value starts with a record version byte.
// Versions: 1 is the first layout; 2 adds inbound_id (migration 1→2 builds
// it from the inbound records); 3 seals game records and chains the rulings
// (migration 2→3 seals what the file holds); 4 keeps a game's state in
// parts, says in each record whether the game is in play, indexes the games
// in play and gives the tournaments a revision (migration 3→4 checks every
// version-3 record's seal and anchor and rewrites it whole as a head on the
// same anchor; the caller splits it when it next writes it); 5 hashes, in
// each archive entry written from then on, the SHA-256 of the raw letter
// (kept in the entry) instead of the letter, so that the letter can be
// pruned, and lists the archived tournaments (migration 4→5 creates the
// bucket and rewrites nothing: the entries already written keep their
// formula, and the receipts quoted from them stay valid); 6 indexes the
// letters that wait for the captain to post them on cards or make them as
// calls (migration 5→6 creates the index empty); 7 keeps letters packed
// (packing.go: large base64 parts once per tournament, the rest compressed
// with zstd and a dictionary the file holds; the chain's formula is version
// 5's over the letter put back together) and records what the deep check
// verified (migration 6→7 creates the buckets and marks every chain and game
// to check, so that the first open checks the file whole; it rewrites
// nothing).
//
// # Games in parts
//
// A letter must not cost more as the game grows (architecture.md, "Scale").
// A state may therefore be kept in parts (GameState.Chunks): the record
// holds a head, a JSON object, and the older items of the arrays that grow
// with every letter (postald keeps the plies and the history entries so,
// sixteen to a chunk) are kept apart in chunks, each a JSON array written
// once and never changed or removed. The chunks of one array form a chain:
// each is named by its reference, SHA-256 over the game, the array, its
// place, the reference of the chunk before it and its items; the record
// names only the last reference of each array and how many chunks it has. A
// letter thus writes a head of a bounded size and, now and then, one chunk
// (Tx.PutGame with GameState.NewChunks); Tx.GameParts reads the record as
// stored and Tx.Chunk each chunk, checked against its reference; Tx.Game
// returns the state whole, the chunks' items put back in front of the
// head's own (a state of no chunks is returned byte for byte as stored).
//
// # The tournaments' revision
//
// Meta tournaments_revision (Tx.TournamentsRevision) changes whenever a
// start sheet is stored, a game is added, or a game enters or leaves play
// (GameState.InPlay, indexed in games_in_play, Tx.GamesInPlay), in whatever
// process. A process may keep the sheets parsed and the games in play known
// for as long as the revision it read them at is the file's (postald's
// office does, so that a letter does not parse every sheet). Each change
// makes the revision a hash of the previous one and of the change, not a
// count, so that a transaction rolled back cannot leave a cache valid under
// a revision a different change takes later.
//
// # Letters
//
// A received letter is recorded by (mailbox, UIDVALIDITY, UID) and indexed
// by its Message-ID, or by the SHA-256 of its bytes when it has none, so
// that the same letter fetched again under another UID (a UIDVALIDITY
// change, a copy moved back by hand) is recognised as already processed.
// Message-IDs are compared after trimming angle brackets and spaces, and
// case-sensitively (RFC 5322 does not fold them); two different letters
// with the same Message-ID are taken as one — the second is kept as a
// duplicate record pointing to the first, never applied.
//
// A letter is processed by one call of Tx.ApplyLetter (or DB.ProcessLetter)
// inside one read-write transaction: the inbound record becomes done (or
// quarantined) with its verdict, the raw letter is archived, the game's new
// state and next event are stored and the letters to send are put in the
// outbox and archived. DB.ProcessLetters applies a batch in one transaction
// and one fsync.
//
// # Use by the daemon
//
// One goroutine owns writes. For each message in the mailbox:
//
//  1. View: Tx.Inbound(ref). A finished letter is only moved to the
//     processed folder (its body need not be fetched).
//  2. Fetch it; Update: Tx.Receive(ref, Message-ID, raw, now). A finished
//     record (the same letter under another UID) is moved away likewise; a
//     record whose Attempts reached the daemon's limit is quarantined
//     instead of being tried again (a letter that crashes the referee must
//     not stop the daemon).
//  3. Update: read the game (Tx.GameParts, and Tx.Chunk for chunks not
//     read before), decide, Tx.ApplyLetter. Only after
//     this commit is the message moved to the processed folder and the
//     sender woken.
//
// The sender lists Tx.Due, sends, and records MarkSent or RecordFailure;
// the owner's timer is the earlier of Tx.NextAttempt and Tx.EarliestEvent.
//
// # Batching
//
// bbolt's Batch lets concurrent writers share one fsync, but postald has
// one writing goroutine, so Batch would only add latency. Instead a burst
// of letters (a restart after an outage, a bulk import) is applied N to a
// transaction: DB.ProcessLetters, or Update calling Tx.ApplyLetter N times
// when each decision must see the state the previous letter left. A batch
// is all-or-nothing, which is safe because each letter is idempotent: a
// failed or interrupted batch committed nothing and is given again, and any
// of its letters already committed by an earlier run come back as
// duplicates. A letter that fails makes the whole batch
// fail; the daemon then retries the letters one by one to isolate it.
// Measured on a shared 2-core machine (BenchmarkLetter, BenchmarkLetterBatch:
// a 1 KB letter, a 2 KB game state, two letters out), at a quiet moment and
// under heavy load: one letter per transaction with fsync 736 and 145
// letters/s, without fsync 1,750 and 298; batches of 10 2,077 and 783,
// batches of 100 2,323 and 1,805. Batching pays most when fsync is slow;
// beyond batches of 10 the cost is the work itself (bbolt copies the pages
// it touches). The outbox marks letters sent at 520 (quiet) and 29 (loaded)
// per second one per transaction, 6,439 and 2,656 a listing of 100 at a
// time. Even the slowest figure is far above a federation's letter rate.
//
// # Outbox
//
// Outgoing mail is sent only from the outbox, after the transaction that
// enqueued it committed. Enqueue assigns a sequence number and a Message-ID
// derived from it and from the file's random instance name
// (postald.SEQ.INSTANCE@domain-of-the-sender), and writes it into the
// letter. A failed attempt is retried after Backoff (1 minute doubling, at
// most 4 hours); a permanent failure, or any failure five days after the
// letter was enqueued, gives the letter up: it stays in the outbox in state
// failed and Undeliverable lists it for the director's report.
//
// # Archive
//
// Clause 4.1.13: all correspondence is kept. Every letter received and sent
// is archived raw, with its verdict, in the chain of its game (a
// tournament's own chain for letters about the tournament as a whole, the
// quarantine chain for letters that belong to no game). Entry n of a chain
// stores hash(n) = SHA-256(hash(n-1) ‖ length of metadata ‖ metadata as
// stored ‖ SHA-256(raw letter)) and that digest of the letter (since schema
// version 5; an entry written before has hash(n) = SHA-256(hash(n-1) ‖
// length ‖ metadata ‖ raw letter), kept as it is), and the chain's head (last
// sequence and hash) is kept apart. Verify walks a chain and reports the first broken link: a
// changed byte, a missing or moved entry, a truncated tail. The chain is
// tamper-evident, not tamper-proof: someone who can write the file can
// rebuild a whole chain.
//
// The records the judge reads as fact are covered too. A game record is
// sealed: it carries the sequence and hash of the entry of its game's chain
// that was last when it was written, and seal = SHA-256 over the game's key
// and the whole record but the seal (format, in-play flag, that sequence and
// hash, the references of its chunks, the state or head); Tx.Game and
// Tx.GameParts check the seal, the anchor and that the last chunk of every
// list is held on every read, and every chunk read is checked against its
// reference (which covers, through the chain, every chunk before it), so an
// edited state is never shown as fact.
// Rulings form one chain in the order they were made (each record carries
// the previous ruling's hash and its own; meta rulings_head is the head);
// Tx.Rulings checks each ruling it returns and its link, and gives its entry
// typed, one declared type per kind (entries.go), or an *EntryError naming a
// ruling whose entry cannot be read; the log has no other codec, and nobody
// else encodes or decodes it. Tx.VerifyGame (DB.Verify)
// checks a game's chain, record, chunks and rulings; VerifyAll checks all of
// them, every chunk's reference and link, and the index of the games in play
// against the records.
// A game record put back as it was at an earlier letter still verifies
// (judge revert does that on purpose). The game before each letter, kept in
// the letter's archive entry (ArchiveEntry.GameBefore), is the record's
// state or head, deflated, with the references of its chunks
// (BeforeChunks): chunks are never changed or removed, so they are the ones
// the game had then, the chain's hash covers the references, Verify checks
// that the store holds them, and keeping it costs the same at every move.
// The Receipt of a letter (chain, entry, move, hash),
// quoted in the acknowledgement the player keeps, is the anchor outside the
// file that exposes such a rebuild. The store has no call that deletes a
// ruling or an inbound record; a letter's raw bytes are dropped only by
// PruneArchived, in an archive file, after their retention (below).
//
// # Archived tournaments
//
// DB.ArchiveTournament moves a tournament whose games are all finished, and
// whose letters have all been sent, out of the store into an archive file of
// its own in ArchiveDir ("archive" beside the store, ArchiveFileName: a name
// safe for any code). The archive file is a store file of the same schema
// that holds only that tournament (meta archive_of names it), its records
// copied byte for byte, so every hash and seal is the one the store had. It
// is written and fsynced as NAME.tmp, checked as Open checks a store and
// compared with the store's records (a hash over them), renamed; only then
// does one transaction of the store check that nothing of the tournament
// changed, record the file (archived_tournaments: name, length, SHA-256) and
// drop the tournament. A crash at any point leaves the old state, with at
// most a stray file the next run writes again, or the move done.
//
// Reads are transparent: the Tx methods that read a tournament's records
// (Tournament, Games of one tournament, Game, GameParts, Chunk, ChunkItems,
// ArchiveEntries, Verify, VerifyChain, VerifyGame) read an archived
// tournament from its archive file, opened read-only on first use after its
// length and SHA-256 are checked against the record (a file changed or
// replaced is a *DamageError naming it), in a read transaction that ends
// with the caller's. Tournaments and Games("") list the store's own
// tournaments only (ArchivedTournaments lists the others). The methods that
// change a tournament (PutTournament, PutGame, Archive, AppendRuling,
// SetNextEvent) refuse an archived one with ErrArchived.
//
// What stays in the store, and why verify stays honest:
//
//   - The rulings. They chain globally in the order made; removing a
//     tournament's would break the links of the rulings after them. The log
//     keeps them whole, and Tx.Rulings reads them there. The archive file
//     holds a copy (same sequence, same record); its own verify checks each
//     copy's hash, the links between consecutive copies and its index, and
//     VerifyGame and VerifyArchived check that every copy is the record of
//     the store's log, so the copy cannot drift from the chain it came from.
//   - The inbound records of its letters, reduced to what recognises a
//     redelivered letter (reference, Message-ID, digest, state, game,
//     verdict, times; the full records go to the archive file), and the
//     index inbound_id: a letter fetched again after the move is found done
//     and applied nothing, as before.
//   - Its aliases (the records of redeliveries) and the quarantine chain,
//     which belong to no game.
//
// VerifyAll (run by Open) checks the records of archived_tournaments, not
// the files (that would read every archive at every start);
// DB.VerifyArchived checks a file whole, and postald's judge verify runs it
// for every archived tournament.
//
// # Retention
//
// The raw bytes of an archived tournament's letters may be dropped once its
// retention has passed (DB.PruneArchived: never less than MinRetention, the
// month of clause 4.1.13, counted from the later of its last letter and its
// archiving). The file is rewritten with every entry pruned (recordV2 with
// the pruned flag: header, hashes and the letter's digest kept), checked,
// named NAME.gN.db, and the store's record switched to it in one
// transaction; the old file is then removed. What Verify still checks of a
// pruned entry: for an entry written since version 5, everything but the
// letter itself — its hash is recomputed from its header and the digest, so
// the header, the verdict, the game before it and every link are proved, and
// a copy of the letter kept elsewhere can be checked against the digest. For
// an entry written before version 5 the hash covered the letter: it is taken
// as stored, and the chain is checked on both sides (its previous hash is
// the hash of the entry before; the entry after, or the head, names its
// hash), so an edit of it still breaks a link; nothing proves its header on
// its own. VerifyChain counts both kinds (ChainReport), and a pruned entry
// is never reported as a broken link.
//
// # Reliability
//
// A kill at any point (kill -9, power loss after fsync) loses nothing and
// applies nothing twice:
//
//   - bbolt commits a transaction atomically and durably (fsync before
//     Update returns; NoSync is for tests only): after a crash the file
//     holds every committed transaction and nothing of the one in flight.
//   - Everything a letter changes is one transaction, so a letter is either
//     wholly processed (inbound done, game, outbox, archive) or not at all.
//   - postald removes a letter from the IMAP mailbox only after that
//     transaction committed. A crash before the commit leaves it in the
//     mailbox; it is fetched again and processed as new. A crash after the
//     commit but before the removal fetches it again, and ApplyLetter finds
//     its inbound record done and applies nothing (Applied.Duplicate), even
//     under a new UIDVALIDITY, through the Message-ID index.
//   - Mail is sent only from the outbox after commit. A crash between the
//     SMTP server's acceptance and MarkSent sends that letter again, with
//     the same Message-ID: at most one letter per crash is sent twice, and
//     mail clients show it once.
//   - A batch (ProcessLetters) is all-or-nothing, and each letter in it is
//     idempotent, so a batch cut by a crash is simply given again.
//   - Migrations run in the transaction that opens the file.
//
// The crash test in this package re-executes the test binary, kills it with
// SIGKILL at random points while it processes a stream of letters, restarts
// it, and checks that the final file equals an uninterrupted run and that
// every chain verifies.
package store
