//! What a `go` asks for, and how much time to spend on it.

use crate::piece::Color;
use std::time::Duration;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Limits {
    pub wtime: Option<u64>,
    pub btime: Option<u64>,
    pub winc: Option<u64>,
    pub binc: Option<u64>,
    pub movestogo: Option<u32>,
    pub movetime: Option<u64>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub mate: Option<u32>,
    pub infinite: bool,
    pub ponder: bool,
}

/// A soft limit (no new iteration after it) and a hard limit (abort the search at once).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct TimePlan {
    pub soft: Option<Duration>,
    pub hard: Option<Duration>,
    /// The soft limit is a clock's share, which the search may stretch or shrink by how
    /// settled its answer is (`false` for `movetime`, which is used in full).
    pub adjustable: bool,
}

impl Limits {
    /// Plans the time of `side`, keeping `overhead_ms` in reserve for the GUI and the pipe.
    pub fn plan(&self, side: Color, overhead_ms: u64) -> TimePlan {
        if self.infinite {
            return TimePlan {
                soft: None,
                hard: None,
                adjustable: false,
            };
        }
        if let Some(mt) = self.movetime {
            let t = Duration::from_millis(mt.saturating_sub(overhead_ms).max(1));
            return TimePlan {
                soft: Some(t),
                hard: Some(t),
                adjustable: false,
            };
        }
        let (time, inc) = match side {
            Color::White => (self.wtime, self.winc.unwrap_or(0)),
            Color::Black => (self.btime, self.binc.unwrap_or(0)),
        };
        let Some(time) = time else {
            return TimePlan {
                soft: None,
                hard: None,
                adjustable: false,
            };
        };
        // Never plan past what is left after the overhead (and the reserve below). A move may
        // take at most a quarter of it and aims at an eighth at most, so a nearly empty clock
        // gets an almost instant reply: on a loaded machine the answer can reach the GUI long
        // after the search stops.
        let moves_left = self.movestogo.unwrap_or(30).clamp(1, 60) as u64;
        // The overhead is paid on every move. Where the increment does not cover it, keep the
        // shortfall of half the moves to go in reserve too (as engines that charge the
        // overhead per move do), so a late reply finds time on the clock; and spend only the
        // increment beyond the overhead. Otherwise a short increment is spent in full, plus
        // the overhead, on every move, and the clock drains to a few milliseconds, where one
        // slow reply loses on time (seen at 1 s + 10 ms, docs/reliability.md).
        let shortfall = overhead_ms.saturating_sub(inc) * moves_left / 2;
        let available = time.saturating_sub(overhead_ms + shortfall).max(1);
        let inc = inc.saturating_sub(overhead_ms);
        // The increment arrives only after the move: count on it only while the clock holds
        // several increments.
        let inc_share = if available > 4 * inc { inc * 3 / 4 } else { 0 };
        let soft = (available / moves_left + inc_share)
            .min(available / 8)
            .max(1);
        let hard = (soft * 4).min(available / 4).max(1);
        TimePlan {
            soft: Some(Duration::from_millis(soft)),
            hard: Some(Duration::from_millis(hard)),
            adjustable: true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game at 1 s + 10 ms where every move also costs `latency` ms of pipe and process
    /// time (less than the overhead): the clock must keep a reserve, not drain to the last
    /// milliseconds, where one late reply loses on time.
    #[test]
    fn a_short_increment_keeps_a_reserve_on_the_clock() {
        for latency in [2u64, 5, 7] {
            let (mut clock, inc, overhead) = (1_000u64, 10u64, 30u64);
            let mut lowest = clock;
            for _ in 0..400 {
                let l = Limits {
                    wtime: Some(clock),
                    winc: Some(inc),
                    ..Limits::default()
                };
                // The engine stops after the soft limit, inside an iteration it may go on
                // towards the hard one: count twice the soft limit, at most the hard one.
                let plan = l.plan(Color::White, overhead);
                let soft = plan.soft.unwrap().as_millis() as u64;
                let hard = plan.hard.unwrap().as_millis() as u64;
                let used = (2 * soft).min(hard) + latency;
                assert!(used < clock, "latency {latency}: flag fell at {clock} ms");
                clock = clock - used + inc;
                lowest = lowest.min(clock);
            }
            assert!(
                lowest >= 300,
                "latency {latency}: the clock fell to {lowest} ms"
            );
        }
    }

    #[test]
    fn plans_stay_inside_the_clock() {
        for (time, inc) in [(10_000, 100), (500, 100), (50, 0), (1, 0), (300_000, 0)] {
            let l = Limits {
                wtime: Some(time),
                winc: Some(inc),
                ..Limits::default()
            };
            let p = l.plan(Color::White, 30);
            let hard = p.hard.unwrap().as_millis() as u64;
            let soft = p.soft.unwrap().as_millis() as u64;
            assert!(soft <= hard, "{time}+{inc}");
            assert!(
                hard <= time.saturating_sub(30).max(1),
                "{time}+{inc}: hard {hard}"
            );
        }
        // A nearly empty clock (47 ms + 10 ms, 30 ms overhead) answers at once: the increment
        // is not counted on and the reserve leaves nothing to plan with.
        let low = Limits {
            btime: Some(47),
            binc: Some(10),
            ..Limits::default()
        }
        .plan(Color::Black, 30);
        assert_eq!(low.hard, Some(Duration::from_millis(1)));
        assert_eq!(low.soft, Some(Duration::from_millis(1)));
        // A healthy clock still uses most of the increment beyond the overhead.
        let healthy = Limits {
            wtime: Some(1000),
            winc: Some(100),
            ..Limits::default()
        }
        .plan(Color::White, 30);
        assert_eq!(
            healthy.soft,
            Some(Duration::from_millis(970 / 30 + 70 * 3 / 4))
        );
        let mt = Limits {
            movetime: Some(50),
            ..Limits::default()
        }
        .plan(Color::Black, 10);
        assert_eq!(mt.hard, Some(Duration::from_millis(40)));
        assert_eq!(
            Limits {
                infinite: true,
                ..Limits::default()
            }
            .plan(Color::White, 0)
            .hard,
            None
        );
        assert_eq!(
            Limits {
                depth: Some(5),
                ..Limits::default()
            }
            .plan(Color::White, 0)
            .hard,
            None
        );
    }
}
