//! A small efficiently updatable neural network for chess (`docs/eval.md`, Network).
//!
//! Shape: 768 inputs (colour relative to the perspective × kind × square, the square mirrored
//! for Black's perspective) → `HIDDEN` per perspective (one shared weight matrix) → squared
//! clipped ReLU → one output over both halves, the mover's first; the output layer is one of
//! `BUCKETS` chosen by the number of pieces on the board where the file says so (flag bit 1), so
//! the opening, middlegame and endgame each weigh the hidden features their own way. Quantised
//! as the trainer
//! writes it (`tuning/src/nnue`): first layer in units of 1/`QA`, output weights in 1/`QB`,
//! the output bias in 1/(`QA`·`QB`); the float output is a logit (`sigmoid(out)` is the
//! mover's expected score) and the evaluation is `out · SCALE` centipawns.
//!
//! The evaluator's interface is stateless (`Evaluator::evaluate(&self, pos)`), so the search
//! does not carry accumulators through make and unmake: each thread keeps those of the last
//! placement it evaluated and moves them by the pieces that differ (`LastPlacement`).

use grimoire_engine::board::Board;
use grimoire_engine::{Bitboard, Color, Square};

/// Input features per perspective: 2 colours × 6 kinds × 64 squares.
pub const INPUTS: usize = 768;
/// Hidden neurons per perspective.
pub const HIDDEN: usize = 256;
/// Quantisation of the first layer (weights, biases, the accumulator's clip at 1.0).
pub const QA: i32 = 255;
/// Quantisation of the output weights.
pub const QB: i32 = 64;
/// Centipawns per logit: the chess evaluation's scale against Stockfish's win-draw-loss labels
/// (the tuner's `K` ≈ 4.2 in `sigmoid(K · eval / 400)`, `docs/tuning.md`).
pub const SCALE: i32 = 95;
/// The largest float weight the quantised file can hold in both layers.
pub const WEIGHT_CLIP: f32 = 1.98;
/// The largest output weight a file may hold (`WEIGHT_CLIP · QB` rounded): the output's
/// 16-bit products rely on it.
pub const MAX_OUTPUT_WEIGHT: i16 = 127;

/// Output layers of a bucketed network, chosen by the piece count (`output_bucket`).
pub const BUCKETS: usize = 8;

/// File header: magic, then the hidden size and the flags (bit 0: residual; bit 1: `BUCKETS`
/// output layers, else one) as little-endian u32s. Then the first layer's rows, its biases,
/// each output layer's weights (the mover's half, then the other), each output bias (i32).
pub const MAGIC: &[u8; 8] = b"GRMNNUE1";

/// The quantised network.
#[derive(Clone)]
pub struct Network {
    /// Tells this network's accumulators from another's in the thread's `LastPlacement`
    /// (a copy shares it: same weights, same rows).
    id: u64,
    /// Row per input feature.
    w1: Box<[[i16; HIDDEN]; INPUTS]>,
    b1: [i16; HIDDEN],
    /// Per output bucket: the mover's half, then the other half.
    w2: Vec<[[i16; HIDDEN]; 2]>,
    /// Per output bucket.
    b2: Vec<i32>,
    /// The output is a correction added to the terms' evaluation, not the whole evaluation.
    residual: bool,
}

/// Networks are equal when their weights are.
impl PartialEq for Network {
    fn eq(&self, other: &Self) -> bool {
        self.w1 == other.w1
            && self.b1 == other.b1
            && self.w2 == other.w2
            && self.b2 == other.b2
            && self.residual == other.residual
    }
}

impl Eq for Network {}

fn next_id() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// The last placement a thread evaluated, with its accumulators (White's perspective, then
/// Black's).
struct LastPlacement {
    /// The network whose rows the accumulators hold (0: none yet).
    network: u64,
    pieces: [[Bitboard; 6]; 2],
    acc: [[i16; HIDDEN]; 2],
}

thread_local! {
    static LAST: std::cell::RefCell<LastPlacement> = const {
        std::cell::RefCell::new(LastPlacement {
            network: 0,
            pieces: [[Bitboard::EMPTY; 6]; 2],
            acc: [[0; HIDDEN]; 2],
        })
    };
}

impl LastPlacement {
    fn refresh(&mut self, net: &Network, board: &Board<6>) {
        self.acc = [net.b1; 2];
        for (white, black) in features(board) {
            add_row(&mut self.acc[0], &net.w1[white]);
            add_row(&mut self.acc[1], &net.w1[black]);
        }
        self.remember(net, board);
    }

    fn remember(&mut self, net: &Network, board: &Board<6>) {
        self.network = net.id;
        for color in Color::BOTH {
            for kind in 0..6u8 {
                self.pieces[color.index()][kind as usize] = board.pieces(color, kind);
            }
        }
    }

    /// Moves the accumulators to `board` by the pieces that differ; false (nothing done) where
    /// so many differ that adding up afresh is cheaper.
    fn update(&mut self, net: &Network, board: &Board<6>) -> bool {
        let mut changed = 0;
        for color in Color::BOTH {
            for kind in 0..6u8 {
                let now = board.pieces(color, kind);
                changed += (now ^ self.pieces[color.index()][kind as usize]).count();
            }
        }
        if changed > board.occupied().count() {
            return false;
        }
        for color in Color::BOTH {
            for kind in 0..6u8 {
                let before = self.pieces[color.index()][kind as usize];
                let now = board.pieces(color, kind);
                for sq in before & !now {
                    let (white, black) = feature_pair(color, kind, square64(sq));
                    sub_row(&mut self.acc[0], &net.w1[white]);
                    sub_row(&mut self.acc[1], &net.w1[black]);
                }
                for sq in now & !before {
                    let (white, black) = feature_pair(color, kind, square64(sq));
                    add_row(&mut self.acc[0], &net.w1[white]);
                    add_row(&mut self.acc[1], &net.w1[black]);
                }
            }
        }
        self.remember(net, board);
        true
    }
}

/// The output layer of a position with `pieces` pieces on the board (2 to 32): eight bands of
/// four.
#[inline]
pub fn output_bucket(pieces: usize) -> usize {
    (pieces.saturating_sub(2) / 4).min(BUCKETS - 1)
}

/// The output layer, of a network with `layers` of them (1 or `BUCKETS`), that a position with
/// `pieces` pieces uses: the one place inference and the trainer choose it.
#[inline]
pub fn output_layer(layers: usize, pieces: usize) -> usize {
    if layers == 1 {
        0
    } else {
        output_bucket(pieces)
    }
}

/// The 64-square index (a1 = 0, h8 = 63) of a chess square of the frame.
#[inline]
fn square64(sq: Square) -> usize {
    (sq.row() as usize - 1) * 8 + (sq.col() as usize - 1)
}

/// The two feature indices of a piece: from White's perspective and from Black's.
#[inline]
pub fn feature_pair(color: Color, kind: u8, sq64: usize) -> (usize, usize) {
    let c = color.index();
    let k = kind as usize * 64;
    (c * 384 + k + sq64, (1 - c) * 384 + k + (sq64 ^ 56))
}

/// Both perspectives' active features of a chess placement (White's, Black's), in square order.
pub fn features(board: &Board<6>) -> impl Iterator<Item = (usize, usize)> + '_ {
    board.occupied().into_iter().map(|sq| {
        let p = board.piece_at(sq);
        feature_pair(p.color(), p.kind(), square64(sq))
    })
}

#[inline]
fn add_row(acc: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_add(*w);
    }
}

#[inline]
fn sub_row(acc: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_sub(*w);
    }
}

/// Σ clamp(a, 0, QA)² · w over one half, in units of QA²·QB.
#[inline]
fn half_output(acc: &[i16; HIDDEN], w: &[i16; HIDDEN]) -> i64 {
    let mut sum = 0i64;
    for (chunk_a, chunk_w) in acc.chunks_exact(64).zip(w.chunks_exact(64)) {
        // v · w fits an i16 (at most 255 · 127: the file's output weights lie within
        // ±`MAX_OUTPUT_WEIGHT`), so the product is a 16-bit multiply and a multiply-add into
        // 32 bits, which the compiler vectorises; 64 terms of at most 255² · 127 stay inside
        // an i32.
        let mut part = 0i32;
        for (&a, &w) in chunk_a.iter().zip(chunk_w) {
            let v = a.clamp(0, QA as i16);
            part += (v * w) as i32 * v as i32;
        }
        sum += part as i64;
    }
    sum
}

impl Network {
    /// A network of zero weights, with its own identity and `buckets` output layers.
    fn zeroed(buckets: usize, residual: bool) -> Network {
        Network {
            id: next_id(),
            w1: vec![[0i16; HIDDEN]; INPUTS]
                .into_boxed_slice()
                .try_into()
                .expect("INPUTS rows"),
            b1: [0; HIDDEN],
            w2: vec![[[0; HIDDEN]; 2]; buckets],
            b2: vec![0; buckets],
            residual,
        }
    }

    /// Reads a network file; says why it does not fit.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, String> {
        let body = bytes
            .strip_prefix(MAGIC.as_slice())
            .ok_or("not a Grimoire network (its first bytes are not GRMNNUE1)")?;
        if body.len() < 8 {
            return Err("the network file ends inside its header".into());
        }
        let hidden = u32::from_le_bytes(body[..4].try_into().expect("4 bytes")) as usize;
        let flags = u32::from_le_bytes(body[4..8].try_into().expect("4 bytes"));
        if flags > 3 {
            return Err(format!("unknown network flags {flags}"));
        }
        let buckets = if flags & 2 == 2 { BUCKETS } else { 1 };
        if hidden != HIDDEN {
            return Err(format!(
                "the network has {hidden} hidden neurons; this build reads {HIDDEN}"
            ));
        }
        let want = 2 * (INPUTS * HIDDEN + HIDDEN + buckets * 2 * HIDDEN) + 4 * buckets;
        let data = &body[8..];
        if data.len() != want {
            return Err(format!(
                "the network file holds {} bytes of weights; {want} expected",
                data.len()
            ));
        }
        let mut words = data
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]));
        let mut net = Network::zeroed(buckets, flags & 1 == 1);
        for row in net.w1.iter_mut() {
            row.iter_mut()
                .for_each(|w| *w = words.next().expect("sized"));
        }
        net.b1
            .iter_mut()
            .for_each(|w| *w = words.next().expect("sized"));
        for half in net.w2.iter_mut().flatten() {
            half.iter_mut()
                .for_each(|w| *w = words.next().expect("sized"));
        }
        let allowed = -MAX_OUTPUT_WEIGHT..=MAX_OUTPUT_WEIGHT;
        if net
            .w2
            .iter()
            .flatten()
            .flatten()
            .any(|w| !allowed.contains(w))
        {
            return Err(format!(
                "an output weight lies outside ±{MAX_OUTPUT_WEIGHT} (the trainer clips them there)"
            ));
        }
        let biases = data[data.len() - 4 * buckets..].chunks_exact(4);
        for (b, bytes) in net.b2.iter_mut().zip(biases) {
            *b = i32::from_le_bytes(bytes.try_into().expect("4 bytes"));
        }
        Ok(net)
    }

    /// Writes the file that [`Network::from_bytes`] reads.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend_from_slice(&(HIDDEN as u32).to_le_bytes());
        let flags = self.residual as u32 | if self.w2.len() > 1 { 2 } else { 0 };
        out.extend_from_slice(&flags.to_le_bytes());
        let rows = self.w1.iter().chain(std::iter::once(&self.b1));
        for w in rows.chain(self.w2.iter().flatten()).flatten() {
            out.extend_from_slice(&w.to_le_bytes());
        }
        for b in &self.b2 {
            out.extend_from_slice(&b.to_le_bytes());
        }
        out
    }

    /// A network from float weights (the trainer's), rounded and clipped to the quantisation.
    /// `w1` is feature-major (`INPUTS` rows of `HIDDEN`), `w2` per output bucket the mover's
    /// half then the other, `b2` one bias per bucket (one bucket, or `BUCKETS`).
    pub fn quantise(w1: &[f32], b1: &[f32], w2: &[f32], b2: &[f32], residual: bool) -> Network {
        assert_eq!(w1.len(), INPUTS * HIDDEN);
        assert_eq!(b1.len(), HIDDEN);
        assert!(b2.len() == 1 || b2.len() == BUCKETS);
        assert_eq!(w2.len(), b2.len() * 2 * HIDDEN);
        let q =
            |x: f32, scale: i32| (x.clamp(-WEIGHT_CLIP, WEIGHT_CLIP) * scale as f32).round() as i16;
        let mut net = Network::zeroed(b2.len(), residual);
        for (b, &x) in net.b2.iter_mut().zip(b2) {
            *b = (x * (QA * QB) as f32).round() as i32;
        }
        for (f, row) in net.w1.iter_mut().enumerate() {
            for (h, w) in row.iter_mut().enumerate() {
                *w = q(w1[f * HIDDEN + h], QA);
            }
        }
        for (h, w) in net.b1.iter_mut().enumerate() {
            *w = q(b1[h], QA);
        }
        for (half, ws) in net.w2.iter_mut().flatten().enumerate() {
            for (h, w) in ws.iter_mut().enumerate() {
                *w = q(w2[half * HIDDEN + h], QB);
            }
        }
        net
    }

    /// The float weights this network rounds, in `quantise`'s layout (`w1`, `b1`, `w2`, `b2`):
    /// where a trainer resumes from a file. `quantise` of them gives this network back.
    pub fn dequantise(&self) -> [Vec<f32>; 4] {
        let w1 = self
            .w1
            .iter()
            .flatten()
            .map(|&w| w as f32 / QA as f32)
            .collect();
        let b1 = self.b1.iter().map(|&w| w as f32 / QA as f32).collect();
        let w2 = self
            .w2
            .iter()
            .flatten()
            .flatten()
            .map(|&w| w as f32 / QB as f32)
            .collect();
        let b2 = self
            .b2
            .iter()
            .map(|&b| b as f32 / (QA * QB) as f32)
            .collect();
        [w1, b1, w2, b2]
    }

    /// How many output layers the network chooses from by piece count.
    pub fn buckets(&self) -> usize {
        self.w2.len()
    }

    /// Whether the output corrects the terms' evaluation (added to it) rather than replacing it.
    pub fn is_residual(&self) -> bool {
        self.residual
    }

    /// The evaluation in centipawns for `side` (the mover) of a chess placement. Each thread
    /// keeps the accumulators of the last placement it evaluated (`LastPlacement`) and moves
    /// them to this one by the pieces that differ, where that is cheaper than adding them up
    /// afresh: the search evaluates neighbours one after another. Integer sums, so the result
    /// is exactly [`Network::evaluate_afresh`]'s.
    pub fn evaluate(&self, board: &Board<6>, side: Color) -> i32 {
        LAST.with(|last| {
            let mut last = last.borrow_mut();
            if last.network != self.id || !last.update(self, board) {
                last.refresh(self, board);
            }
            let pieces = board.occupied().count() as usize;
            match side {
                Color::White => self.output(&last.acc[0], &last.acc[1], pieces),
                Color::Black => self.output(&last.acc[1], &last.acc[0], pieces),
            }
        })
    }

    /// [`Network::evaluate`] with both accumulators added up from the placement.
    pub fn evaluate_afresh(&self, board: &Board<6>, side: Color) -> i32 {
        let mut acc = [self.b1; 2];
        for (white, black) in features(board) {
            add_row(&mut acc[0], &self.w1[white]);
            add_row(&mut acc[1], &self.w1[black]);
        }
        let pieces = board.occupied().count() as usize;
        match side {
            Color::White => self.output(&acc[0], &acc[1], pieces),
            Color::Black => self.output(&acc[1], &acc[0], pieces),
        }
    }

    /// The evaluation in centipawns from the mover's and the other side's features.
    pub fn evaluate_sample(&self, us: &[u16], them: &[u16]) -> i32 {
        let mut acc = [self.b1; 2];
        us.iter()
            .for_each(|&f| add_row(&mut acc[0], &self.w1[f as usize]));
        them.iter()
            .for_each(|&f| add_row(&mut acc[1], &self.w1[f as usize]));
        self.output(&acc[0], &acc[1], us.len())
    }

    fn output(&self, us: &[i16; HIDDEN], them: &[i16; HIDDEN], pieces: usize) -> i32 {
        let bucket = output_layer(self.w2.len(), pieces);
        let [w_us, w_them] = &self.w2[bucket];
        let sum = half_output(us, w_us) + half_output(them, w_them);
        let out = sum / QA as i64 + self.b2[bucket] as i64;
        (out * SCALE as i64 / (QA * QB) as i64) as i32
    }
}

/// A network shared by parameter sets and evaluators: compared by its weights, shown by size.
#[derive(Clone)]
pub struct SharedNetwork(pub std::sync::Arc<Network>);

impl PartialEq for SharedNetwork {
    fn eq(&self, other: &Self) -> bool {
        std::sync::Arc::ptr_eq(&self.0, &other.0) || *self.0 == *other.0
    }
}

/// The shipped network (`eval/nets/chess.nnue`, `docs/tuning.md`, Network): a residual one,
/// trained over the shipped chess terms. Read once.
pub fn builtin() -> SharedNetwork {
    static BUILTIN: std::sync::OnceLock<SharedNetwork> = std::sync::OnceLock::new();
    BUILTIN
        .get_or_init(|| {
            let net = Network::from_bytes(include_bytes!("../nets/chess.nnue"))
                .unwrap_or_else(|e| panic!("the shipped chess network does not load: {e}"));
            SharedNetwork(std::sync::Arc::new(net))
        })
        .clone()
}

impl Eq for SharedNetwork {}

impl std::fmt::Debug for SharedNetwork {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Network({INPUTS}x{HIDDEN}x2, {} output layers)",
            self.0.buckets()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny_net(seed: u32) -> (Vec<f32>, Vec<f32>, Vec<f32>, f32) {
        // A deterministic pseudo-random float network.
        let mut x = seed;
        let mut next = move || {
            x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            ((x >> 8) as f32 / (1 << 24) as f32 - 0.5) * 0.2
        };
        let w1 = (0..INPUTS * HIDDEN).map(|_| next()).collect();
        let b1 = (0..HIDDEN).map(|_| next() + 0.1).collect();
        let w2 = (0..2 * HIDDEN).map(|_| next() * 5.0).collect();
        (w1, b1, w2, 0.05)
    }

    #[test]
    fn a_bucketed_network_file_reads_back_and_chooses_by_piece_count() {
        let (w1, b1, _, _) = tiny_net(9);
        // Bucket b's output weights are all b: the output grows with the bucket.
        let w2: Vec<f32> = (0..BUCKETS * 2 * HIDDEN)
            .map(|i| (i / (2 * HIDDEN)) as f32 * 0.1)
            .collect();
        let net = Network::quantise(&w1, &b1, &w2, &[0.0; BUCKETS], false);
        assert_eq!(net.buckets(), BUCKETS);
        let bytes = net.to_bytes();
        let back = Network::from_bytes(&bytes).unwrap();
        assert_eq!(back.to_bytes(), bytes);
        assert!(back == net);
        assert_eq!(output_bucket(2), 0);
        assert_eq!(output_bucket(32), BUCKETS - 1);
        assert_eq!(output_bucket(17), 3);
        let few: Vec<u16> = vec![4, 100];
        let many: Vec<u16> = (0..20).collect();
        assert_eq!(
            net.evaluate_sample(&few, &few),
            0,
            "bucket 0 weighs nothing"
        );
        assert!(net.evaluate_sample(&many, &many) > 0);
    }

    #[test]
    fn a_network_file_reads_back_the_same_network() {
        let (w1, b1, w2, b2) = tiny_net(7);
        let net = Network::quantise(&w1, &b1, &w2, &[b2], true);
        let bytes = net.to_bytes();
        let back = Network::from_bytes(&bytes).unwrap();
        assert_eq!(back.to_bytes(), bytes);
        assert!(back.is_residual());
        assert!(Network::from_bytes(&bytes[..bytes.len() - 1]).is_err());
        assert!(Network::from_bytes(b"GRMNNUE0....").is_err());
        // An output weight beyond what the trainer writes is refused, not multiplied wrongly.
        let mut bad = bytes.clone();
        let first_output_weight = 16 + 2 * (INPUTS * HIDDEN + HIDDEN);
        bad[first_output_weight..first_output_weight + 2].copy_from_slice(&128i16.to_le_bytes());
        let err = Network::from_bytes(&bad).err().unwrap();
        assert!(err.contains("output weight"), "{err}");
    }

    /// A file of another width (the 128-neuron networks shipped before session 28) is refused
    /// with the reason, not read as if its rows were this build's.
    #[test]
    fn a_network_of_another_hidden_size_is_refused() {
        let (w1, b1, w2, b2) = tiny_net(5);
        let bytes = Network::quantise(&w1, &b1, &w2, &[b2], true).to_bytes();
        let half = HIDDEN / 2;
        let mut narrow = bytes[..8].to_vec();
        narrow.extend_from_slice(&(half as u32).to_le_bytes());
        narrow.extend_from_slice(&bytes[12..16]);
        narrow.resize(16 + 2 * (INPUTS * half + half + 2 * half) + 4, 0);
        let err = Network::from_bytes(&narrow).err().unwrap();
        assert!(
            err.contains(&format!("{half} hidden neurons")) && err.contains(&HIDDEN.to_string()),
            "{err}"
        );
    }

    #[test]
    fn dequantised_weights_quantise_back_to_the_same_network() {
        let (w1, b1, w2, b2) = tiny_net(11);
        let net = Network::quantise(&w1, &b1, &w2, &[b2], false);
        let [dw1, db1, dw2, db2] = net.dequantise();
        let back = Network::quantise(&dw1, &db1, &dw2, &db2, false);
        assert!(back == net);
        assert!(!back.is_residual());
        // The shipped file, eight output layers, too.
        let shipped = builtin();
        let [dw1, db1, dw2, db2] = shipped.0.dequantise();
        let back = Network::quantise(&dw1, &db1, &dw2, &db2, true);
        assert_eq!(back.buckets(), shipped.0.buckets());
        assert!(back == *shipped.0);
    }

    #[test]
    fn feature_pairs_mirror_colour_and_rank() {
        // A white pawn on e2 seen by White is a black pawn on e7 seen by Black.
        let (w, b) = feature_pair(Color::White, 0, 12);
        let (w2, b2) = feature_pair(Color::Black, 0, 52);
        assert_eq!((w, b), (b2, w2));
        assert_eq!(w, 12);
        assert_eq!(b, 384 + 52);
    }
}
