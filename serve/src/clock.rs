//! The game clocks: each side's time left, the increment, and whose clock runs. Time is charged
//! when a side acts; a side whose time runs out while it is to act loses on time (the ticker
//! asks [`Clocks::flagged`]).

use grimoire_engine::Color;
use std::time::{Duration, Instant};

/// A time control: base time and increment per action that starts a turn, in milliseconds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TimeControl {
    pub base_ms: u64,
    pub inc_ms: u64,
}

/// Both clocks of a game.
#[derive(Clone, Debug)]
pub struct Clocks {
    pub control: TimeControl,
    left_ms: [u64; 2],
    /// The side whose clock runs, and since when.
    running: Option<(Color, Instant)>,
}

impl Clocks {
    pub fn new(control: TimeControl) -> Clocks {
        Clocks {
            control,
            left_ms: [control.base_ms; 2],
            running: None,
        }
    }

    /// Time left of `side` now (its running time deducted).
    pub fn left(&self, side: Color) -> u64 {
        let base = self.left_ms[side.index()];
        match self.running {
            Some((c, since)) if c == side => {
                base.saturating_sub(since.elapsed().as_millis().min(u64::MAX as u128) as u64)
            }
            _ => base,
        }
    }

    /// The side whose clock runs.
    pub fn running(&self) -> Option<Color> {
        self.running.map(|(c, _)| c)
    }

    /// Starts `side`'s clock (stopping the other one without charging it).
    pub fn start(&mut self, side: Color) {
        if self.running.map(|(c, _)| c) != Some(side) {
            self.running = Some((side, Instant::now()));
        }
    }

    /// Stops the running clock, charging its time, without an increment.
    pub fn stop(&mut self) {
        if let Some((side, _)) = self.running {
            self.left_ms[side.index()] = self.left(side);
            self.running = None;
        }
    }

    /// `side` has acted: its running time is charged and, where the action ended its turn
    /// (`increment`), the increment added. Returns the time it used.
    pub fn charge(&mut self, side: Color, increment: bool) -> Duration {
        let used = match self.running {
            Some((c, since)) if c == side => since.elapsed(),
            _ => Duration::ZERO,
        };
        let left = self.left(side);
        self.running = None;
        self.left_ms[side.index()] = if left == 0 {
            0
        } else if increment {
            left + self.control.inc_ms
        } else {
            left
        };
        used
    }

    /// The side whose running clock has reached zero.
    pub fn flagged(&self) -> Option<Color> {
        self.running.map(|(c, _)| c).filter(|&c| self.left(c) == 0)
    }

    /// Sets both clocks (a position loaded into a running game keeps the control).
    pub fn reset(&mut self) {
        self.left_ms = [self.control.base_ms; 2];
        self.running = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Clocks of `base_ms` + `inc_ms`, `side`'s running.
    fn started(base_ms: u64, inc_ms: u64, side: Color) -> Clocks {
        let mut c = Clocks::new(TimeControl { base_ms, inc_ms });
        c.start(side);
        c
    }

    #[test]
    fn charging_adds_the_increment_and_stops_the_clock() {
        let mut c = started(1000, 100, Color::White);
        std::thread::sleep(Duration::from_millis(30));
        let used = c.charge(Color::White, true);
        assert!(used >= Duration::from_millis(30));
        let left = c.left(Color::White);
        assert!((800..=1070).contains(&left), "{left}");
        assert_eq!(c.left(Color::Black), 1000);
        assert_eq!(c.running(), None);
        // A continuation (decision step) adds nothing.
        c.start(Color::Black);
        c.charge(Color::Black, false);
        assert!(c.left(Color::Black) <= 1000);
    }

    #[test]
    fn a_clock_at_zero_flags() {
        let mut c = started(20, 0, Color::Black);
        assert_eq!(c.flagged(), None);
        std::thread::sleep(Duration::from_millis(40));
        assert_eq!(c.flagged(), Some(Color::Black));
        assert_eq!(c.left(Color::Black), 0);
        c.stop();
        assert_eq!(c.flagged(), None);
        assert_eq!(c.left(Color::Black), 0);
    }
}
