//! Eldritch setup commands (`docs/protocol.md`, "Eldritch setup"): declare each side's
//! substitutions (ELD-040..042), Matched Sides (ELD-044), an army proposal, and starting the
//! game from the placement phase (ELD-051) or the default placement (ELD-060). The start is
//! handed to the game as a FEN, so everything else (moves, `go`, `d`) works unchanged.

use crate::manifest::{SetupAction, SetupCommands};
use grimoire_engine::variants::eldritch::army::{
    matched_sides, playable_bundles, propose, Bundle, Declaration,
};
use grimoire_engine::variants::eldritch::catalogue::piece_type;
use grimoire_engine::variants::eldritch::{Eldritch, EldritchOptions};
use grimoire_engine::{prelude::*, Color};
use grimoire_eval::eldritch::MATERIAL;

/// The declarations made so far (both FIDE armies until declared).
#[derive(Clone, Debug, Default)]
pub struct EldritchSetup {
    decls: [Declaration; 2],
}

fn side(word: &str) -> Result<Color, String> {
    match word {
        "white" | "w" => Ok(Color::White),
        "black" | "b" => Ok(Color::Black),
        _ => Err(format!("expected white or black, got '{word}'")),
    }
}

impl EldritchSetup {
    pub fn declaration(&self, c: Color) -> &Declaration {
        &self.decls[c.index()]
    }
}

impl SetupCommands<Eldritch> for EldritchSetup {
    const COMMAND: Option<&'static str> = Some("eldritch");

    /// Handles the arguments of one `eldritch ...` command.
    fn handle(&mut self, args: &str, options: &EldritchOptions) -> Result<SetupAction, String> {
        let mut words = args.split_whitespace();
        let sub = words.next().unwrap_or("");
        match sub {
            "army" => {
                let c = side(words.next().ok_or("eldritch army needs white or black")?)?;
                let rest: Vec<&str> = words.collect();
                let d = Declaration::parse(&rest.join(" "))?;
                d.validate()?;
                self.decls[c.index()] = d;
                Ok(SetupAction::Say(vec![format!(
                    "eldritch army {} {}",
                    c.name(),
                    self.decls[c.index()].text()
                )]))
            }
            "matched" => {
                let bundles = words.map(Bundle::parse).collect::<Result<Vec<_>, _>>()?;
                let d = matched_sides(&bundles)?;
                self.decls = [d.clone(), d];
                Ok(SetupAction::Say(vec![format!(
                    "eldritch army both {}",
                    self.decls[0].text()
                )]))
            }
            "propose" => {
                let c = side(
                    words
                        .next()
                        .ok_or("eldritch propose needs white or black")?,
                )?;
                let max = match words.next() {
                    Some(n) => n
                        .parse::<usize>()
                        .map_err(|_| format!("bundle count must be a number, got '{n}'"))?,
                    None => 2,
                };
                let d = propose(max, |k| MATERIAL[k as usize]);
                Ok(SetupAction::Say(vec![format!(
                    "eldritch propose {} {}",
                    c.name(),
                    d.text()
                )]))
            }
            "show" => Ok(SetupAction::Say(
                Color::BOTH
                    .iter()
                    .map(|&c| {
                        format!(
                            "eldritch army {} {}",
                            c.name(),
                            self.decls[c.index()].text()
                        )
                    })
                    .collect(),
            )),
            "bundles" => Ok(SetupAction::Say(
                playable_bundles()
                    .iter()
                    .map(|b| {
                        format!(
                            "eldritch bundle {} {} {}",
                            b.text(),
                            b.count,
                            piece_type(b.kind).name
                        )
                    })
                    .collect(),
            )),
            "reset" => {
                self.decls = Default::default();
                Ok(SetupAction::Say(vec!["eldritch army both -".to_string()]))
            }
            "start" => {
                let pos = match words.next().unwrap_or("placement") {
                    "placement" => Eldritch::placement_start(&self.decls, options),
                    "default" => Eldritch::default_placement(&self.decls, options),
                    other => {
                        return Err(format!(
                            "eldritch start takes placement or default, got '{other}'"
                        ))
                    }
                };
                Ok(SetupAction::Start(pos.to_fen()))
            }
            _ => Err(format!(
                "unknown eldritch command '{sub}' (army, matched, propose, show, bundles, reset, start)"
            )),
        }
    }
}
