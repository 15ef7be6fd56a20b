//! Options as data: one declaration per option (name, type, default, range or choices, and the
//! setter that applies a checked value), for the engine's own options and each variant's (G7)
//! alike. `uci` prints the declarations and `setoption` parses a value against them once, so no
//! option is written twice and no setter parses text.

use crate::errors::quoted;
use std::fmt;
use std::sync::Arc;

/// What kind of value an option takes, with its bounds: the UCI option types.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// `true` or `false`.
    Check,
    /// A whole number in `min..=max`.
    Spin { min: i64, max: i64 },
    /// One of the listed words (matched without regard to case).
    Combo(Vec<&'static str>),
    /// Free text.
    Text,
    /// No value: setting it does something.
    Button,
}

/// A value that passed its option's checks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    Bool(bool),
    Int(i64),
    /// A combo's choice, spelled as declared.
    Choice(&'static str),
    Text(String),
    Press,
}

/// Why an option could not be set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// No option of that name (in this variant, or at all).
    Unknown { name: String },
    /// The value does not fit the option's type or bounds.
    BadValue {
        name: &'static str,
        value: String,
        expected: String,
    },
    /// The value was well formed but could not be applied (a file that cannot be read, a
    /// table that cannot be allocated, a game that does not replay under new rules); shown
    /// as the option's name followed by the reason.
    NotApplied { name: &'static str, reason: String },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown { name } => write!(f, "unknown option '{}'", quoted(name, 60)),
            OptionError::BadValue {
                name,
                value,
                expected,
            } => {
                write!(
                    f,
                    "option {name} expects {expected}, got '{}'",
                    quoted(value, 60)
                )
            }
            OptionError::NotApplied { name, reason } => write!(f, "{name} {reason}"),
        }
    }
}

impl std::error::Error for OptionError {}

/// Name, kind and default of an option: what `uci` lists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    pub name: &'static str,
    pub kind: OptionKind,
    /// The default as the `uci` line shows it (empty for a button).
    pub default: String,
}

impl OptionSpec {
    /// The `option name ... type ...` line of `uci`.
    pub fn uci_line(&self) -> String {
        let name = self.name;
        match &self.kind {
            OptionKind::Check => format!("option name {name} type check default {}", self.default),
            OptionKind::Spin { min, max } => format!(
                "option name {name} type spin default {} min {min} max {max}",
                self.default
            ),
            OptionKind::Combo(choices) => {
                let vars: String = choices.iter().map(|c| format!(" var {c}")).collect();
                format!(
                    "option name {name} type combo default {}{vars}",
                    self.default
                )
            }
            OptionKind::Text => format!("option name {name} type string default {}", self.default),
            OptionKind::Button => format!("option name {name} type button"),
        }
    }

    /// Whether `name` names this option (UCI option names ignore case).
    pub fn is_named(&self, name: &str) -> bool {
        self.name.eq_ignore_ascii_case(name)
    }

    /// Checks `text` against the kind and bounds.
    pub fn parse(&self, text: &str) -> Result<OptionValue, OptionError> {
        let bad = |expected: String| OptionError::BadValue {
            name: self.name,
            value: text.to_string(),
            expected,
        };
        match &self.kind {
            OptionKind::Check => match text.to_ascii_lowercase().as_str() {
                "true" => Ok(OptionValue::Bool(true)),
                "false" => Ok(OptionValue::Bool(false)),
                _ => Err(bad("true or false".to_string())),
            },
            OptionKind::Spin { min, max } => text
                .parse::<i64>()
                .ok()
                .filter(|n| (*min..=*max).contains(n))
                .map(OptionValue::Int)
                .ok_or_else(|| bad(format!("a whole number from {min} to {max}"))),
            OptionKind::Combo(choices) => choices
                .iter()
                .find(|c| c.eq_ignore_ascii_case(text))
                .map(|c| OptionValue::Choice(c))
                .ok_or_else(|| bad(choices.join(" or "))),
            OptionKind::Text => Ok(OptionValue::Text(text.to_string())),
            OptionKind::Button => Ok(OptionValue::Press),
        }
    }
}

/// The setter of an option on its target `T`, given a checked value.
pub type Setter<T> = fn(&mut T, &OptionValue) -> Result<(), OptionError>;

type SetFn<T> = Arc<dyn Fn(&mut T, &OptionValue) -> Result<(), OptionError> + Send + Sync>;

/// One option: what `uci` lists and how `setoption` applies it to a `T` (the engine, or a
/// variant's rule options).
pub struct OptionDecl<T> {
    pub spec: OptionSpec,
    set: SetFn<T>,
}

impl<T> Clone for OptionDecl<T> {
    fn clone(&self) -> Self {
        OptionDecl {
            spec: self.spec.clone(),
            set: self.set.clone(),
        }
    }
}

impl<T> fmt::Debug for OptionDecl<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.spec.fmt(f)
    }
}

impl<T: 'static> OptionDecl<T> {
    /// A `check` option.
    pub fn check(name: &'static str, default: bool, set: Setter<T>) -> Self {
        Self::new(name, OptionKind::Check, default.to_string(), set)
    }

    /// A `spin` option in `min..=max`.
    pub fn spin(name: &'static str, default: i64, min: i64, max: i64, set: Setter<T>) -> Self {
        Self::new(
            name,
            OptionKind::Spin { min, max },
            default.to_string(),
            set,
        )
    }

    /// A `combo` option: one of `choices`.
    pub fn combo(
        name: &'static str,
        default: &'static str,
        choices: &[&'static str],
        set: Setter<T>,
    ) -> Self {
        Self::new(
            name,
            OptionKind::Combo(choices.to_vec()),
            default.to_string(),
            set,
        )
    }

    /// A `string` option.
    pub fn text(name: &'static str, default: &str, set: Setter<T>) -> Self {
        Self::new(name, OptionKind::Text, default.to_string(), set)
    }

    /// A `button`.
    pub fn button(name: &'static str, set: Setter<T>) -> Self {
        Self::new(name, OptionKind::Button, String::new(), set)
    }

    pub fn new(name: &'static str, kind: OptionKind, default: String, set: Setter<T>) -> Self {
        Self::with_setter(name, kind, default, Arc::new(set))
    }

    fn with_setter(name: &'static str, kind: OptionKind, default: String, set: SetFn<T>) -> Self {
        OptionDecl {
            spec: OptionSpec {
                name,
                kind,
                default,
            },
            set,
        }
    }

    /// A `check` option that sets the flag `field` picks out of the target.
    pub fn check_field(name: &'static str, default: bool, field: fn(&mut T) -> &mut bool) -> Self {
        let set: SetFn<T> = Arc::new(move |t, v| {
            *field(t) = as_bool(v);
            Ok(())
        });
        Self::with_setter(name, OptionKind::Check, default.to_string(), set)
    }

    /// A `combo` option whose choices name values of the field `field` picks out (the first
    /// choice is the default).
    pub fn combo_field<V: Copy + Send + Sync + 'static>(
        name: &'static str,
        choices: &'static [(&'static str, V)],
        field: fn(&mut T) -> &mut V,
    ) -> Self {
        let set: SetFn<T> = Arc::new(move |t, v| {
            let chosen = as_text(v);
            if let Some((_, value)) = choices.iter().find(|(word, _)| *word == chosen) {
                *field(t) = *value;
            }
            Ok(())
        });
        let words = choices.iter().map(|(word, _)| *word).collect();
        let default = choices.first().map_or("", |(word, _)| word).to_string();
        Self::with_setter(name, OptionKind::Combo(words), default, set)
    }

    /// Parses `text` and applies it to `target`.
    pub fn apply(&self, target: &mut T, text: &str) -> Result<(), OptionError> {
        let value = self.spec.parse(text)?;
        (self.set)(target, &value)
    }
}

/// The declaration named `name` in `decls`.
pub fn find<'a, T: 'static>(decls: &'a [OptionDecl<T>], name: &str) -> Option<&'a OptionDecl<T>> {
    decls.iter().find(|d| d.spec.is_named(name))
}

/// Sets the option `name` of `target` from `decls`; an unknown name is an error.
pub fn set_by_name<T: 'static>(
    decls: &[OptionDecl<T>],
    target: &mut T,
    name: &str,
    text: &str,
) -> Result<(), OptionError> {
    find(decls, name)
        .ok_or_else(|| OptionError::Unknown {
            name: name.to_string(),
        })?
        .apply(target, text)
}

/// A `check` value (for setters of `check` options).
pub fn as_bool(value: &OptionValue) -> bool {
    matches!(value, OptionValue::Bool(true))
}

/// A `spin` value (for setters of `spin` options).
pub fn as_int(value: &OptionValue) -> i64 {
    match value {
        OptionValue::Int(n) => *n,
        _ => 0,
    }
}

/// A combo choice or string value (for setters of `combo` and `string` options).
pub fn as_text(value: &OptionValue) -> &str {
    match value {
        OptionValue::Choice(c) => c,
        OptionValue::Text(t) => t,
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default)]
    struct Target {
        flag: bool,
        size: i64,
        mode: &'static str,
    }

    fn decls() -> Vec<OptionDecl<Target>> {
        vec![
            OptionDecl::check("Flag", false, |t, v| {
                t.flag = as_bool(v);
                Ok(())
            }),
            OptionDecl::spin("Size", 16, 1, 64, |t, v| {
                t.size = as_int(v);
                Ok(())
            }),
            OptionDecl::combo("Mode", "fast", &["fast", "slow"], |t, v| {
                t.mode = match v {
                    OptionValue::Choice(c) => c,
                    _ => "",
                };
                Ok(())
            }),
        ]
    }

    #[test]
    fn values_are_checked_against_the_declaration_before_the_setter_runs() {
        let d = decls();
        let mut t = Target::default();
        set_by_name(&d, &mut t, "flag", "TRUE").unwrap();
        set_by_name(&d, &mut t, "Size", "64").unwrap();
        set_by_name(&d, &mut t, "mode", "Slow").unwrap();
        assert!(t.flag);
        assert_eq!(t.size, 64);
        assert_eq!(t.mode, "slow");
        assert!(matches!(
            set_by_name(&d, &mut t, "Size", "65"),
            Err(OptionError::BadValue { name: "Size", .. })
        ));
        assert!(matches!(
            set_by_name(&d, &mut t, "Flag", "maybe"),
            Err(OptionError::BadValue { name: "Flag", .. })
        ));
        assert!(matches!(
            set_by_name(&d, &mut t, "Nope", "1"),
            Err(OptionError::Unknown { .. })
        ));
        assert_eq!(t.size, 64, "a refused value changes nothing");
    }

    #[test]
    fn uci_lines_show_type_default_and_bounds() {
        let lines: Vec<String> = decls().iter().map(|d| d.spec.uci_line()).collect();
        assert_eq!(
            lines,
            [
                "option name Flag type check default false",
                "option name Size type spin default 16 min 1 max 64",
                "option name Mode type combo default fast var fast var slow",
            ]
        );
    }
}
