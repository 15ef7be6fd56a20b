//! A variant as one manifest: its rules type, its evaluator and default parameters, its setup
//! commands, its options and its bench positions. Every variant the engine plays is one line
//! of [`crate::variants::visit_variants`]; the registry, the tuner, the evaluation parameter
//! lookup by name and the command line all go through that list, so adding a variant touches
//! its own folders and that one line.

use grimoire_engine::options::OptionDecl;
use grimoire_engine::prelude::*;
use grimoire_engine::rules::OptionsOf;
use grimoire_eval::{EvalParams, TunableEval};

/// One variant, bound to everything the engine needs to play it.
pub trait Variant: 'static {
    /// The rules (position type); its `NAME` is the variant's name.
    type Rules: Rules;
    /// The evaluator, built from [`Variant::default_params`] unless an `EvalFile` says else.
    type Eval: TunableEval<Self::Rules> + Default;
    /// The pre-game setup commands ([`NoSetup`] where there are none).
    type Setup: SetupCommands<Self::Rules>;

    /// Fixed positions (FENs) searched by `bench`: varied openings, middle games and endings.
    const BENCH: &'static [&'static str];

    /// The depth `bench` searches when none is given: one that takes seconds, not minutes.
    const BENCH_DEPTH: u32 = 9;

    /// The variant's rules in our own words (Markdown, `docs/rules/<variant>.md`), which the
    /// board serves as its rules page; empty where there is none.
    const RULES_DOC: &'static str = "";

    /// The variant's rule options (G7), as data.
    fn options() -> Vec<OptionDecl<OptionsOf<Self::Rules>>> {
        Vec::new()
    }

    /// The built-in evaluation parameters (the tuner's starting point too): the evaluator's own.
    fn default_params() -> EvalParams {
        Self::Eval::default().params().clone()
    }
}

/// What a setup command asks of the engine.
#[derive(Debug, PartialEq, Eq)]
pub enum SetupAction {
    /// Lines to report (as `info string`).
    Say(Vec<String>),
    /// Start the game from this FEN (the variant must be the current one).
    Start(String),
}

/// Pre-game commands of a variant (Eldritch's army declarations), with the state they build up.
/// The protocol routes a line whose first word is [`SetupCommands::COMMAND`] here.
pub trait SetupCommands<R: Rules>: Default + Clone + Send + 'static {
    /// The command word, `None` for a variant without setup commands.
    const COMMAND: Option<&'static str>;

    /// Handles the arguments after the command word, under the current rule options.
    fn handle(&mut self, args: &str, options: &OptionsOf<R>) -> Result<SetupAction, String>;
}

/// The setup of a variant that has no setup commands.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoSetup;

impl<R: Rules> SetupCommands<R> for NoSetup {
    const COMMAND: Option<&'static str> = None;

    fn handle(&mut self, _args: &str, _options: &OptionsOf<R>) -> Result<SetupAction, String> {
        Err(format!("{} has no setup commands", R::NAME))
    }
}

/// Something done once per registered variant, with the variant's types in hand.
pub trait VariantVisitor {
    fn visit<V: Variant>(&mut self);
}

/// A variant's manifest ([`Variant`]) in one declaration: its rules, evaluator, setup commands,
/// bench depth and options.
macro_rules! manifest {
    (
        $(#[$doc:meta])*
        $name:ident {
            rules: $rules:ty,
            eval: $eval:ty,
            setup: $setup:ty,
            bench: $bench:expr,
            $(bench_depth: $bench_depth:expr,)?
            $(rules_doc: $rules_doc:expr,)?
            options: $options:expr $(,)?
        }
    ) => {
        $(#[$doc])*
        pub struct $name;

        impl $crate::manifest::Variant for $name {
            type Rules = $rules;
            type Eval = $eval;
            type Setup = $setup;
            const BENCH: &'static [&'static str] = $bench;
            $(const BENCH_DEPTH: u32 = $bench_depth;)?
            $(const RULES_DOC: &'static str = $rules_doc;)?

            fn options() -> Vec<
                grimoire_engine::options::OptionDecl<grimoire_engine::rules::OptionsOf<$rules>>,
            > {
                $options
            }
        }
    };
}
