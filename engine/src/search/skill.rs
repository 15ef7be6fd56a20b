//! Playing strength below full (UCI `UCI_LimitStrength` / `UCI_Elo`): the search looks less far
//! and, among the best few lines it found, sometimes prefers a worse one, more often and by more
//! the weaker the level, so the engine errs the way a weaker player does (a plausible move that
//! misses something) rather than throwing pieces away at random. The scheme is Stockfish's skill
//! level: a level from 0 to 20, a depth of `1 + level`, four lines at least, and a random push to
//! each line's score that grows with the line's distance from the best and with the weakness.

use super::Score;
use crate::moves::Move;
use rand::{Rng, SeedableRng};

/// Lines searched at the least when the strength is limited: the candidates a weaker player
/// would weigh.
pub const SKILL_LINES: usize = 4;
/// The strongest limited level: level 20 is full strength.
pub const MAX_LEVEL: f64 = 20.0;
/// The weakest and strongest `UCI_Elo` offered (Elo on the scale of Stockfish's `UCI_Elo` in
/// chess): the range the calibration in `docs/strength.md` measured, levels 0 to 8.
pub const MIN_ELO: i64 = 1100;
pub const MAX_ELO: i64 = 2700;

/// A limited strength: the level (0 = weakest, below 20) and the random source of its choices.
#[derive(Clone, Debug)]
pub struct Skill {
    level: f64,
    rng: rand::rngs::StdRng,
}

impl Skill {
    /// The skill of `level` (clamped to 0..20); `seed` makes its choices reproducible (tests,
    /// calibration), `None` draws one.
    pub fn new(level: f64, seed: Option<u64>) -> Skill {
        let rng = match seed {
            Some(s) => rand::rngs::StdRng::seed_from_u64(s),
            None => rand::rngs::StdRng::from_entropy(),
        };
        Skill {
            level: level.clamp(0.0, MAX_LEVEL),
            rng,
        }
    }

    /// The skill level that plays at `elo` (clamped to the offered range): the fit of
    /// `docs/strength.md`, Elo = `ELO_AT_0 + ELO_PER_LEVEL * level`.
    pub fn level_for_elo(elo: i64) -> f64 {
        let elo = elo.clamp(MIN_ELO, MAX_ELO) as f64;
        ((elo - ELO_AT_0) / ELO_PER_LEVEL).clamp(0.0, MAX_LEVEL)
    }

    pub fn level(&self) -> f64 {
        self.level
    }

    /// The deepest iteration searched: a weaker player looks less far.
    pub fn max_depth(&self) -> u32 {
        1 + self.level as u32
    }

    /// Which of `lines` (scores and moves, best first, from the mover's view) to play: each
    /// line's score is pushed up by a random share of the weakness, more for lines further
    /// behind the best and more when the candidates are close; the highest pushed score wins.
    /// Returns the index into `lines`.
    pub fn pick(&mut self, lines: &[(Score, Move)]) -> usize {
        // A pawn, in the search's centipawns: the most the candidates' spread pushes a line.
        const PAWN: Score = 100;
        let Some(&(top, _)) = lines.first() else {
            return 0;
        };
        let weakness = (120.0 - 2.0 * self.level).max(1.0) as Score;
        let spread = (top - lines[lines.len() - 1].0).min(PAWN);
        let mut best = 0;
        let mut best_value = Score::MIN;
        for (i, &(score, _)) in lines.iter().enumerate() {
            let noise = self.rng.gen_range(0..weakness);
            let push = (weakness * (top - score) + spread * noise) / 128;
            if score + push >= best_value {
                best_value = score + push;
                best = i;
            }
        }
        best
    }
}

/// The calibration's fit (`docs/strength.md`, least squares over levels 0, 2, 5 and 8, 100
/// games each against Stockfish 15.1's `UCI_Elo`): the Elo of level 0 and the Elo a level adds.
const ELO_AT_0: f64 = 1088.0;
const ELO_PER_LEVEL: f64 = 203.0;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::MoveKind;
    use crate::square::Square;

    fn lines(scores: &[Score]) -> Vec<(Score, Move)> {
        scores
            .iter()
            .enumerate()
            .map(|(i, &s)| {
                let to = Square::from_index(11 + i as u8);
                (s, Move::new(Square::from_index(1), to, MoveKind::Normal))
            })
            .collect()
    }

    /// How often each line is chosen in 2,000 picks.
    fn choices(level: f64, scores: &[Score]) -> Vec<usize> {
        let mut skill = Skill::new(level, Some(7));
        let candidates = lines(scores);
        let mut counts = vec![0; scores.len()];
        for _ in 0..2000 {
            counts[skill.pick(&candidates)] += 1;
        }
        counts
    }

    #[test]
    fn a_weak_level_sometimes_prefers_a_close_second_and_rarely_a_blunder() {
        let counts = choices(2.0, &[50, 30, 20, -600]);
        assert!(counts[0] > counts[1], "{counts:?}");
        assert!(
            counts[1] > 100,
            "a close second is played at times: {counts:?}"
        );
        assert!(counts[3] < 100, "a line 6 pawns worse is rare: {counts:?}");
    }

    #[test]
    fn a_strong_level_plays_the_best_line_more_often_than_a_weak_one() {
        let scores = [40, 25, 10, -20];
        let strong = choices(18.0, &scores)[0];
        let weak = choices(1.0, &scores)[0];
        assert!(strong > weak, "strong {strong}, weak {weak}");
    }

    #[test]
    fn levels_follow_elo_and_depth_follows_level() {
        assert_eq!(
            Skill::level_for_elo(MIN_ELO - 100),
            Skill::level_for_elo(MIN_ELO)
        );
        assert!(Skill::level_for_elo(1500) < Skill::level_for_elo(2000));
        assert!(Skill::level_for_elo(MAX_ELO) <= MAX_LEVEL);
        assert_eq!(Skill::new(0.0, Some(1)).max_depth(), 1);
        assert_eq!(Skill::new(9.5, Some(1)).max_depth(), 10);
    }

    #[test]
    fn one_line_is_always_chosen() {
        let mut skill = Skill::new(0.0, Some(3));
        assert_eq!(skill.pick(&lines(&[-300])), 0);
    }
}
