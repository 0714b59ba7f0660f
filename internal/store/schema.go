package store

// This file is the one place that lists every bucket of the store file, the
// layout of its keys and the encoding of its values, the schema versions and
// the migrations between them. Change it, and nothing else, to change the
// layout; add a migration for every change.
//
// Conventions:
//   - Sequence numbers are bbolt bucket sequences written as 8-byte
//     big-endian integers, so that keys sort in the order of arrival.
//   - Instants in keys are 8-byte big-endian Unix nanoseconds with the sign
//     bit flipped (timeKey), so that they sort in time order.
//   - A game is keyed by the string "tournament/game" (GameID.Key); a game
//     code never contains "/" (a tournament code may).
//   - Every value starts with a record version byte (recordV1). Typed records
//     are that byte followed by JSON; records that carry raw letters are that
//     byte, a 4-byte big-endian length, a JSON header of that length, and the
//     raw bytes (encodeRaw). Index values are the version byte alone or the
//     version byte followed by the primary key they point to.
//   - Records the judge relies on are covered by hash chains (since version
//     3): archive entries chain per game (archive.go); every game record is
//     sealed to the entry of its game's chain that was last when it was
//     written (game.go); rulings chain in the order they were made
//     (rulings.go). Verify checks all three.
//   - A game's state may be kept in parts (since version 4): the record holds
//     a small head, and the older items of the arrays that grow with every
//     letter are kept apart in chunks that are written once and never changed
//     (chunks.go); the record's seal covers the references of the chunks, and
//     each reference covers its chunk and every chunk before it.

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// SchemaVersion is the layout this postald writes. A file at an older
// version is migrated on open; a file at a newer one is refused.
//
//   - 1: the first layout: meta, tournaments, games, inbound, outbox,
//     outbox_due, archive, archive_head, rulings, rulings_index, events,
//     events_by_game.
//   - 2: adds inbound_id, the index of inbound letters by Message-ID (or
//     by SHA-256 of the raw bytes when a letter has none), built from the
//     inbound records by migration 1→2.
//   - 3: game records are sealed (recordV2 game records) and rulings are
//     chained (recordV2 ruling records, meta rulings_head); migration 2→3
//     seals every game at its chain's head and chains the rulings in order.
//   - 4: a game's state may be kept in parts, a head in the record and
//     chunks apart (recordV3 game records, game_chunks), so that a letter
//     writes a record of a bounded size; the records say whether the game is
//     in play, indexed in games_in_play, and meta tournaments_revision
//     changes with every change to the start sheets or to the games in play,
//     so that a process can keep them parsed (postald's office does).
//     Migration 3→4 checks every version-3 record's seal and anchor, rewrites
//     it whole as a version-4 head on the same anchor, marks it in play
//     unless its state's "status" member says "finished", and builds the
//     index.
//   - 5: an archive entry written from this version on (recordV2 entries)
//     hashes the SHA-256 of its raw letter instead of the letter itself and
//     keeps that digest, so that the raw bytes of a finished tournament's
//     letters may be dropped after their retention (at least the month of
//     clause 4.1.13) while the chain still verifies; entries written
//     before keep their formula (the receipts quoted to players stay valid).
//     A finished tournament may be moved to an archive file of its own
//     (archived.go), listed in the new bucket archived_tournaments. Migration
//     4→5 creates that bucket and rewrites nothing.
//   - 6: adds outbox_cards, the index of the letters waiting for the captain
//     to post them on cards or make them as calls (outbox items in state
//     card); migration 5→6 creates it empty.
//   - 7: letters are kept packed (packing.go): an archive entry written from this version on
//     (recordV3 entries) and an outbox item (recordV2 outbox records) keep the letter's large
//     base64 parts once per tournament in letter_parts, decoded, and the rest with the entry's
//     header compressed with zstd and a dictionary the file holds (dictionaries); the chain's
//     formula is version 5's, over the letter as it was sent or received, so that every receipt
//     stays what it was. The deep check at open covers what was written since the last check
//     (verified, unverified, meta verified_rulings: see verify.go). Migration 6→7 creates the
//     buckets, stores the dictionary, marks every chain and game unchecked (the first open
//     checks the file whole, as before) and rewrites nothing: entries and items already written
//     keep their layout and read as before.
//   - 8: every letter sent has a delivery state (delivery.go): the outbox item says whether
//     notifications were asked for and what the reports said; meta delivery_key holds the
//     secret the letters' envelope IDs and envelope senders are signed with, and
//     delivery_watch lists the letters sent with notifications asked for and not yet
//     delivered, failed or told to the judges as late. Migration 7→8 creates the bucket and
//     the key; the items already sent keep no delivery state but the one their outbox state
//     gives (sent, or failed when given up).
const SchemaVersion = 8

// recordV1 is the version byte that starts every value written by this
// schema, except the records below.
const recordV1 byte = 1

// recordV2 starts the ruling records since schema version 3 and the game
// records of version 3, which carry their hashes (see bucketRulings and
// gameSealV3).
const recordV2 byte = 2

// recordV3 starts the game records of schema version 4 (see bucketGames) and the archive
// entries of schema version 7 (see bucketArchive).
const recordV3 byte = 3

// Buckets, with the layout of their keys and values.
var (
	// meta: metaSchemaVersion → 4-byte big-endian schema version;
	// metaInstance → recordV1 + the random instance name of this file
	// (it makes outgoing Message-IDs unique across store files).
	bucketMeta = []byte("meta")

	// tournaments: tournament code → recordV1 + JSON sheetRecord (the start
	// sheet as given, raw TOML or JSON).
	bucketTournaments = []byte("tournaments")

	// games: "tournament/game" → recordV3 + 2-byte big-endian caller
	// format + 1-byte flags (bit 0: in play) + 8-byte anchor sequence +
	// 32-byte anchor hash + 32-byte seal + 1-byte number of lists kept apart
	// + for each list (1-byte name length, name, 4-byte number of chunks,
	// 32-byte reference of its last chunk) + the caller's game state or, when
	// lists are kept apart, its head (a JSON object; GameState). The anchor is
	// the entry of the game's archive chain that was last when the record was
	// written (0 and zeros when the chain was empty); seal = SHA-256("postald
	// game" 0x00 key 0x00 and the whole record but the seal field), see
	// gameSeal. Version 3 files hold recordV2 + format + anchor + seal (over
	// key, format, anchor and state, gameSealV3) + state; version 1 and 2
	// files recordV1 + format + state.
	bucketGames = []byte("games")

	// game_chunks (since version 4): "tournament/game" + 0x00 + 32-byte
	// chunk reference → recordV1 + 4-byte place in its list's chain (from 0)
	// + 32-byte reference of the chunk before it (zeros for the first) +
	// 1-byte name length + the list's name + the items, a JSON array.
	// reference = SHA-256("postald chunk" 0x00 key 0x00 list 0x00 place
	// previous-reference items), see Chunk.Ref. Never changed or removed.
	bucketGameChunks = []byte("game_chunks")

	// games_in_play (since version 4): "tournament/game" → recordV1, for
	// exactly the games whose record has the in-play flag.
	bucketInPlay = []byte("games_in_play")

	// inbound: mailbox + 0x00 + 4-byte UIDVALIDITY + 4-byte UID → recordV1
	// + JSON Inbound.
	bucketInbound = []byte("inbound")

	// inbound_id (since version 2): "mid:" + Message-ID, or "sha256:" + hex
	// digest of the raw letter → recordV1 + the inbound key of the first
	// message seen with it.
	bucketInboundID = []byte("inbound_id")

	// outbox: 8-byte sequence → recordV2 + the packed payload (packing.go) of
	// uvarint header length + JSON OutboxItem + the letter's segments (since
	// version 7); encodeRaw(OutboxItem, raw letter), recordV1, before.
	bucketOutbox = []byte("outbox")

	// outbox_due: timeKey(next attempt) + 8-byte sequence → recordV1. Holds
	// exactly the pending items.
	bucketOutboxDue = []byte("outbox_due")

	// outbox_cards (since version 6): 8-byte sequence → recordV1. Holds
	// exactly the outbox items in state card: letters to players by post or
	// telephone that the captain has not yet posted or made.
	bucketOutboxCards = []byte("outbox_cards")

	// archive: one nested bucket per chain (GameID.Key, a tournament's
	// "tournament/" or quarantineChain); inside, 8-byte entry sequence
	// (from 1, no gaps) → an entry record (see archive.go):
	//   - recordV1 (schema versions 1 to 4) + 32-byte previous hash +
	//     32-byte hash + 4-byte header length + JSON header + raw letter;
	//     hash = SHA-256(prev ‖ header length ‖ header ‖ raw).
	//   - recordV2 (since version 5) + 1-byte flags + 32-byte previous hash
	//     + 32-byte hash + 32-byte SHA-256 of the raw letter + 4-byte header
	//     length + JSON header + raw letter (empty when pruned); hash =
	//     SHA-256(prev ‖ header length ‖ header ‖ SHA-256(raw)). Flags: bit 0
	//     (entryPruned) the raw letter was dropped after its retention; bit 1
	//     (entryOldHash) the entry was written as recordV1 and pruned since:
	//     its hash is the version-1 formula over the raw bytes it no longer
	//     holds, kept as it was, with the digest of those bytes.
	//   - recordV3 (since version 7) + 1-byte flags + 32-byte previous hash
	//     + 32-byte hash + 32-byte SHA-256 of the raw letter + the packed
	//     payload (packing.go: a codec byte, and for zstd the 4-byte ID of
	//     the dictionary and a zstd frame) of uvarint header length + JSON
	//     header + the letter's segments (none when pruned). The hash is
	//     version 5's, over the header and the digest of the letter put back
	//     together; the flags are version 5's (entryOldHash never set).
	bucketArchive = []byte("archive")

	// archive_head: chain → recordV1 + 8-byte last sequence + 32-byte last
	// hash.
	bucketArchiveHead = []byte("archive_head")

	// rulings: 8-byte sequence → recordV2 + 32-byte previous hash + 32-byte
	// hash + JSON Ruling, hash = SHA-256(previous hash ‖ JSON) (the first
	// ruling's previous hash is zero); meta rulings_head holds the last.
	// Append-only. Version 1 and 2 files hold recordV1 + JSON Ruling. The
	// JSON is rulingRecord's: the header and, under "details", the JSON of the
	// ruling's entry as encoding/json writes a byte slice (base64), the entry
	// of the type its kind declares (entries.go: encodeRuling, decodeRulingJSON).
	bucketRulings = []byte("rulings")

	// rulings_index: tournament + 0x00 + game + 0x00 + 8-byte sequence →
	// recordV1 (game is empty for a ruling about the whole tournament).
	bucketRulingsIndex = []byte("rulings_index")

	// events: timeKey(instant) + "tournament/game" (or "tournament/" for
	// the tournament itself) → recordV1.
	bucketEvents = []byte("events")

	// events_by_game: "tournament/game" or "tournament/" → recordV1 +
	// timeKey(instant).
	bucketEventsByGame = []byte("events_by_game")

	// archived_tournaments (since version 5): tournament code → recordV1 +
	// JSON ArchivedTournament (the file in the archive directory that holds
	// the tournament, its SHA-256 and length, when it was archived). Empty
	// in an archive file.
	bucketArchived = []byte("archived_tournaments")

	// letter_parts (since version 7): tournament code + 0x00 + SHA-256 of
	// the part's bytes → recordV1 + the bytes (decoded from base64): the
	// large parts of the letters of that tournament ("" for letters of none),
	// each kept once (packing.go). Never changed; dropped with the
	// tournament's letters (archive, prune).
	bucketParts = []byte("letter_parts")

	// dictionaries (since version 7): 4-byte big-endian zstd dictionary ID →
	// recordV1 + the dictionary the packed letters that name it were
	// compressed with. Never changed or removed.
	bucketDicts = []byte("dictionaries")

	// verified (since version 7): archive chain → recordV1 + 8-byte sequence
	// + 32-byte hash of the last entry the deep check verified (verify.go).
	bucketVerified = []byte("verified")

	// unverified (since version 7): archive chain or game key → recordV1 +
	// 8-byte bbolt transaction ID: the chains appended to and the game
	// records written since the deep check last covered them (verify.go).
	bucketUnverified = []byte("unverified")

	// delivery_watch (since version 8): timeKey(the instant the letter was sent) + 8-byte
	// outbox sequence → recordV1: the letters sent with notifications asked for (DSN) whose
	// delivery is not yet known (sent, delayed, relayed) and that the judges have not been told
	// of as late (delivery.go).
	bucketDeliveryWatch = []byte("delivery_watch")
)

// Keys of the meta bucket.
var (
	metaSchemaVersion = []byte("schema_version")
	metaInstance      = []byte("instance")
	// metaRulingsHead (since version 3) → recordV1 + 8-byte last ruling
	// sequence + 32-byte its hash (encodeHead); absent while there is none.
	metaRulingsHead = []byte("rulings_head")
	// metaRevision (since version 4) → recordV1 + 8-byte revision of the
	// tournaments: a new random value with every start sheet stored, game
	// added, and game entering or leaving play (Tx.TournamentsRevision).
	metaRevision = []byte("tournaments_revision")
	// metaArchiveOf (archive files only, since version 5) → recordV1 + JSON
	// archiveOf: the tournament the file holds and the store it was moved
	// out of. A file with this key is an archive file (archived.go).
	metaArchiveOf = []byte("archive_of")
	// metaClock (since version 7, optional) → recordV1 + 8-byte big-endian Unix nanoseconds:
	// the latest instant a unit of work was done at (Tx.Clock); absent in a file that never
	// recorded one, which reads as zero. An older postald of version 7 ignores it.
	metaClock = []byte("clock")
	// metaDeliveryKey (since version 8) → recordV1 + 32 random bytes: the key of the HMAC that
	// signs every letter's envelope ID and per-letter envelope sender (delivery.go), so that a
	// delivery report is believed only when it carries what only postald can write.
	metaDeliveryKey = []byte("delivery_key")
)

// appendFill is the fill of the pages of the buckets whose keys grow (archive chains, the
// outbox, the inbound letters): bbolt splits a full page in half by default, which leaves every
// page of a bucket written in key order half empty.
const appendFill = 0.95

// rulingsChain names the rulings log in a ChainError.
const rulingsChain = "rulings"

// quarantineChain names the archive chain of letters that belong to no game.
// It cannot collide with a game or tournament chain: those contain "/".
const quarantineChain = "quarantine"

// bucketsV1 are the top-level buckets of schema version 1.
var bucketsV1 = [][]byte{
	bucketMeta, bucketTournaments, bucketGames, bucketInbound,
	bucketOutbox, bucketOutboxDue, bucketArchive, bucketArchiveHead,
	bucketRulings, bucketRulingsIndex, bucketEvents, bucketEventsByGame,
}

// bucketsV3 are the top-level buckets of schema versions 2 and 3.
var bucketsV3 = append(append([][]byte(nil), bucketsV1...), bucketInboundID)

// bucketsV4 are the top-level buckets of schema version 4.
var bucketsV4 = append(append([][]byte(nil), bucketsV3...), bucketGameChunks, bucketInPlay)

// bucketsV6 are the top-level buckets of schema version 6.
var bucketsV6 = append(append([][]byte(nil), bucketsV4...), bucketArchived, bucketOutboxCards)

// bucketsV7 are the top-level buckets of schema version 7.
var bucketsV7 = append(append([][]byte(nil), bucketsV6...), bucketParts, bucketDicts, bucketVerified, bucketUnverified)

// currentBuckets are the top-level buckets of SchemaVersion.
var currentBuckets = append(append([][]byte(nil), bucketsV7...), bucketDeliveryWatch)

// A migration moves a file from version from to version from+1 inside the
// single transaction that opens it.
type migration struct {
	from  int
	what  string
	apply func(tx *bolt.Tx) error
}

// migrations is ordered and append-only: migrations[i] takes a file from
// version i+1 to i+2.
var migrations = []migration{
	{from: 1, what: "index inbound letters by Message-ID or digest", apply: migrateIndexInbound},
	{from: 2, what: "seal game records and chain the rulings", apply: migrateSeal},
	{from: 3, what: "game records with a head and chunks, and the index of the games in play", apply: migrateParts},
	{from: 4, what: "archive entries that hash the digest of their letter, and archived tournaments", apply: migrateArchived},
	{from: 5, what: "the index of the cards waiting to be posted", apply: migrateCards},
	{from: 6, what: "letters kept packed, and the deep check of what is new", apply: migratePacked},
	{from: 7, what: "the delivery of the letters sent: the watch of their reports and the key that signs them", apply: migrateDelivery},
}

// migrateDelivery (7→8) creates delivery_watch, empty, and the delivery key. The letters sent
// before were sent without a request for notifications and keep the state their outbox record
// gives them.
func migrateDelivery(tx *bolt.Tx) error {
	if _, err := tx.CreateBucket(bucketDeliveryWatch); err != nil {
		return fmt.Errorf("create %s: %w", bucketDeliveryWatch, err)
	}
	return putDeliveryKey(tx)
}

// migratePacked (6→7) creates letter_parts, dictionaries, verified and unverified, and marks
// every archive chain and every game unchecked, so that the first open checks them all (as
// every open did before) and records where it got to. The entries and outbox items already
// written keep their layout: they read as before, and every receipt quoted stays valid.
func migratePacked(tx *bolt.Tx) error {
	for _, name := range [][]byte{bucketParts, bucketDicts, bucketVerified, bucketUnverified} {
		if _, err := tx.CreateBucket(name); err != nil {
			return fmt.Errorf("create %s: %w", name, err)
		}
	}
	t := &Tx{tx: tx}
	for _, name := range [][]byte{bucketArchiveHead, bucketGames} {
		err := tx.Bucket(name).ForEach(func(k, _ []byte) error { return t.markUnverified(k) })
		if err != nil {
			return err
		}
	}
	return nil
}

// migrateArchived (4→5) creates archived_tournaments. The entries already written stay as they
// are (recordV1, whose hash covers the raw bytes): every receipt quoted to a player stays
// valid; entries written from now on are recordV2 (archive.go).
func migrateArchived(tx *bolt.Tx) error {
	if _, err := tx.CreateBucket(bucketArchived); err != nil {
		return fmt.Errorf("create %s: %w", bucketArchived, err)
	}
	return nil
}

// migrateCards (5→6) creates outbox_cards; a version-5 file has no card to post.
func migrateCards(tx *bolt.Tx) error {
	if _, err := tx.CreateBucket(bucketOutboxCards); err != nil {
		return fmt.Errorf("create %s: %w", bucketOutboxCards, err)
	}
	return nil
}

// migrateIndexInbound (1→2) creates inbound_id and fills it from the inbound
// records, so that a letter received under version 1 is recognised when it
// comes back under a new UIDVALIDITY. Aliases (records that are themselves
// duplicates) are not indexed; when two records share a key the first in key
// order wins.
func migrateIndexInbound(tx *bolt.Tx) error {
	idx, err := tx.CreateBucket(bucketInboundID)
	if err != nil {
		return fmt.Errorf("create %s: %w", bucketInboundID, err)
	}
	return tx.Bucket(bucketInbound).ForEach(func(k, v []byte) error {
		var rec Inbound
		if err := decodeJSON(v, &rec); err != nil {
			return fmt.Errorf("inbound %x: %w", k, err)
		}
		if rec.DuplicateOf != nil {
			return nil
		}
		ik := dedupeKey(rec.MessageID, rec.Digest)
		if idx.Get(ik) != nil {
			return nil
		}
		return idx.Put(ik, append([]byte{recordV1}, k...))
	})
}

// migrateSeal (2→3) rewrites every game record sealed to the current head
// of its game's archive chain, and every ruling, in sequence order, as a
// link of the rulings chain, and records the chain's head. It seals what the
// file holds: an edit made before the migration is sealed with the rest.
func migrateSeal(tx *bolt.Tx) error {
	games := tx.Bucket(bucketGames)
	type rec struct {
		key []byte
		st  GameState
	}
	var recs []rec
	err := games.ForEach(func(k, v []byte) error {
		if len(v) < 3 || v[0] != recordV1 {
			return fmt.Errorf("game %q: bad version-2 record", k)
		}
		recs = append(recs, rec{bytes.Clone(k), GameState{Format: binary.BigEndian.Uint16(v[1:3]), Data: bytes.Clone(v[3:])}})
		return nil
	})
	if err != nil {
		return err
	}
	for _, r := range recs {
		g, err := ParseGameID(string(r.key))
		if err != nil {
			return fmt.Errorf("game key %q: %w", r.key, err)
		}
		v, err := sealGameV3(tx.Bucket(bucketArchiveHead), g, r.st)
		if err != nil {
			return fmt.Errorf("game %s: %w", g, err)
		}
		if err := games.Put(r.key, v); err != nil {
			return fmt.Errorf("game %s: %w", g, err)
		}
	}

	rulings := tx.Bucket(bucketRulings)
	type ruling struct {
		key, json []byte
	}
	var rs []ruling
	err = rulings.ForEach(func(k, v []byte) error {
		var r rulingRecord
		if err := decodeJSON(v, &r); err != nil {
			return fmt.Errorf("ruling %x: %w", k, err)
		}
		rs = append(rs, ruling{bytes.Clone(k), bytes.Clone(v[1:])})
		return nil
	})
	if err != nil {
		return err
	}
	var prev Digest
	var last uint64
	for _, r := range rs {
		v, hash := chainRuling(prev, r.json)
		if err := rulings.Put(r.key, v); err != nil {
			return fmt.Errorf("ruling %x: %w", r.key, err)
		}
		prev, last = hash, binary.BigEndian.Uint64(r.key)
	}
	if last == 0 {
		return nil
	}
	if err := tx.Bucket(bucketMeta).Put(metaRulingsHead, encodeHead(last, prev)); err != nil {
		return fmt.Errorf("put %s: %w", metaRulingsHead, err)
	}
	return nil
}

// gameSealV3 is the seal of a version-3 game record: SHA-256("postald game" 0 key 0 format
// anchor-sequence anchor-hash state).
func gameSealV3(g GameID, format uint16, anchorSeq uint64, anchorHash Digest, data []byte) Digest {
	h := sha256.New()
	h.Write([]byte("postald game\x00" + g.Key() + "\x00"))
	h.Write(binary.BigEndian.AppendUint16(nil, format))
	h.Write(seqKey(anchorSeq))
	h.Write(anchorHash[:])
	h.Write(data)
	var d Digest
	h.Sum(d[:0])
	return d
}

// gameHeaderLenV3 is the length of a version-3 game record before the state.
const gameHeaderLenV3 = 1 + 2 + 8 + 32 + 32

// sealGameV3 encodes st as the version-3 record of game g, sealed to the head of g's archive
// chain in heads: what migration 2→3 writes, for migration 3→4 to read.
func sealGameV3(heads *bolt.Bucket, g GameID, st GameState) ([]byte, error) {
	seq, hash, err := headIn(heads, []byte(g.Key()))
	if err != nil {
		return nil, fmt.Errorf("archive head: %w", err)
	}
	seal := gameSealV3(g, st.Format, seq, hash, st.Data)
	b := make([]byte, 0, gameHeaderLenV3+len(st.Data))
	b = append(b, recordV2)
	b = binary.BigEndian.AppendUint16(b, st.Format)
	b = append(b, seqKey(seq)...)
	b = append(b, hash[:]...)
	b = append(b, seal[:]...)
	return append(b, st.Data...), nil
}

// migrateParts (3→4) rewrites every game record in the version-4 layout: the state whole, as
// the head of a record without lists kept apart, on the same anchor, flagged in play unless the
// state's top-level "status" member is "finished" (the word postald's referee writes; the
// office keeps the flag from then on); it builds games_in_play and gives the tournaments a
// revision. Each version-3 record is checked first, its seal and its anchor in the game's
// chain: an edit made before the migration is found, not sealed anew.
func migrateParts(tx *bolt.Tx) error {
	for _, name := range [][]byte{bucketGameChunks, bucketInPlay} {
		if _, err := tx.CreateBucket(name); err != nil {
			return fmt.Errorf("create %s: %w", name, err)
		}
	}
	games, archive := tx.Bucket(bucketGames), tx.Bucket(bucketArchive)
	type rec struct {
		key []byte
		v   []byte
	}
	var recs []rec
	err := games.ForEach(func(k, v []byte) error {
		g, err := ParseGameID(string(k))
		if err != nil {
			return &SealError{Game: GameID{Tournament: string(k)}, Reason: "the key is not tournament/game"}
		}
		if len(v) < gameHeaderLenV3 || v[0] != recordV2 {
			return &SealError{Game: g, Reason: "bad version-3 record"}
		}
		format, seq := binary.BigEndian.Uint16(v[1:3]), binary.BigEndian.Uint64(v[3:11])
		var hash, seal Digest
		copy(hash[:], v[11:43])
		copy(seal[:], v[43:75])
		data := v[gameHeaderLenV3:]
		if gameSealV3(g, format, seq, hash, data) != seal {
			return &SealError{Game: g, Reason: "content does not match its seal"}
		}
		if seq > 0 {
			var entry []byte
			if b := archive.Bucket(k); b != nil {
				entry = b.Get(seqKey(seq))
			}
			if len(entry) < 1+2*len(hash) || !bytes.Equal(entry[1+len(hash):1+2*len(hash)], hash[:]) {
				return &SealError{Game: g, Reason: fmt.Sprintf("sealed to archive entry %d, which the chain does not hold with that hash", seq)}
			}
		}
		var status struct {
			Status string `json:"status"`
		}
		_ = json.Unmarshal(data, &status) // a state that is not postald's JSON is in play
		nv, err := encodeGameRecord(g, GameState{Format: format, Data: data, InPlay: status.Status != "finished"}, seq, hash)
		if err != nil {
			return err
		}
		recs = append(recs, rec{bytes.Clone(k), nv})
		return nil
	})
	if err != nil {
		return err
	}
	inPlay := tx.Bucket(bucketInPlay)
	for _, r := range recs {
		if err := games.Put(r.key, r.v); err != nil {
			return fmt.Errorf("game %s: %w", r.key, err)
		}
		if r.v[3]&gameInPlay != 0 {
			if err := inPlay.Put(r.key, []byte{recordV1}); err != nil {
				return fmt.Errorf("game %s: %w", r.key, err)
			}
		}
	}
	return (&Tx{tx: tx}).bumpRevision([]byte("migration 3 to 4"))
}

// seqKey is an 8-byte big-endian sequence number.
func seqKey(n uint64) []byte {
	return binary.BigEndian.AppendUint64(make([]byte, 0, 8), n)
}

// timeKey is an instant as 8 bytes that sort in time order.
func timeKey(t time.Time) []byte {
	return binary.BigEndian.AppendUint64(make([]byte, 0, 8), uint64(t.UnixNano())^(1<<63))
}

// parseTimeKey is the inverse of timeKey.
func parseTimeKey(b []byte) time.Time {
	return time.Unix(0, int64(binary.BigEndian.Uint64(b)^(1<<63))).UTC()
}

// inboundKey is the key of an inbound letter: mailbox, 0x00, UIDVALIDITY, UID.
func inboundKey(ref MessageRef) []byte {
	k := make([]byte, 0, len(ref.Mailbox)+9)
	k = append(k, ref.Mailbox...)
	k = append(k, 0)
	k = binary.BigEndian.AppendUint32(k, ref.UIDValidity)
	return binary.BigEndian.AppendUint32(k, ref.UID)
}

// dedupeKey is the inbound_id key of a letter.
func dedupeKey(messageID string, digest Digest) []byte {
	if messageID != "" {
		return []byte("mid:" + messageID)
	}
	return []byte("sha256:" + digest.String())
}

// rulingIndexKey is the rulings_index key of ruling seq about game g.
func rulingIndexKey(g GameID, seq uint64) []byte {
	k := make([]byte, 0, len(g.Tournament)+len(g.Game)+10)
	k = append(k, g.Tournament...)
	k = append(k, 0)
	k = append(k, g.Game...)
	k = append(k, 0)
	return append(k, seqKey(seq)...)
}

// validTimeKey reports whether t can be written as a timeKey.
func validTimeKey(t time.Time) bool {
	return !t.IsZero() && t.Year() >= 1678 && t.Year() <= 2261
}
