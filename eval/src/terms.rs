//! Evaluation terms declared once: [`eval_terms!`] turns one list of named terms with their
//! defaults into the evaluator's struct of them, the pushes that put them (and their section
//! headers) into the starting parameter set, and the read that fills the struct from any set.
//! The tables (material, piece-square, mobility by count, passed pawns by rank, ...) are read
//! beside them by the evaluator's own loops, since their names are made, not written.

/// One term's value type: `tapered(mg, eg)` is an [`crate::score::S`], `scalar(v)` an `i32`.
#[doc(hidden)]
#[macro_export]
macro_rules! eval_term_type {
    (tapered) => {
        $crate::score::S
    };
    (scalar) => {
        i32
    };
}

/// Declares a struct of evaluation terms, each a field named as its parameter, grouped in
/// sections of the parameter file:
///
/// ```ignore
/// eval_terms! {
///     /// The chess terms that are one number each.
///     pub struct ChessTerms;
///     /// Pushes the pawn-structure section.
///     pawn_structure => "Pawn structure (per pawn)." {
///         pawn_doubled: tapered(-10, -20),
///         pawn_isolated: tapered(-10, -12),
///     }
///     sides => "" { scale_pawnless: scalar(64) }
/// }
/// ```
///
/// Each section gives a function (`ChessTerms::pawn_structure(&mut params)`) that starts the
/// section (an empty header continues the one before) and pushes its terms with their defaults,
/// in order; `ChessTerms::read(&reader)` reads every term, failing on the first one missing.
macro_rules! eval_terms {
    (
        $(#[$doc:meta])*
        $vis:vis struct $name:ident;
        $(
            $(#[$group_doc:meta])*
            $group:ident => $header:expr => {
                $( $(#[$term_doc:meta])* $term:ident : $kind:ident ( $($default:expr),+ ) ),* $(,)?
            }
        )*
    ) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        $vis struct $name {
            $( $( $(#[$term_doc])* pub $term: $crate::eval_term_type!($kind), )* )*
        }

        #[allow(dead_code)]
        impl $name {
            $(
                $(#[$group_doc])*
                pub(crate) fn $group(p: &mut $crate::EvalParams) {
                    let header: &str = $header;
                    if !header.is_empty() {
                        p.section(header);
                    }
                    $( eval_terms!(@push p, $term, $kind, $($default),+); )*
                }
            )*

            /// Pushes every section, in declaration order.
            pub(crate) fn push_all(p: &mut $crate::EvalParams) {
                $( $name::$group(p); )*
            }

            /// Every term, read from a parameter set.
            pub(crate) fn read(r: &$crate::reader::ParamReader) -> Result<Self, String> {
                Ok($name {
                    $( $( $term: eval_terms!(@read r, $term, $kind), )* )*
                })
            }

            /// The terms' names, in declaration order.
            pub(crate) const NAMES: &'static [&'static str] = &[$( $( stringify!($term), )* )*];
        }
    };
    (@push $p:ident, $term:ident, tapered, $mg:expr, $eg:expr) => {
        $p.push_tapered(stringify!($term), $mg, $eg);
    };
    (@push $p:ident, $term:ident, scalar, $v:expr) => {
        $p.push_scalar(stringify!($term), $v);
    };
    (@read $r:ident, $term:ident, tapered) => {
        $r.tapered(stringify!($term))?
    };
    (@read $r:ident, $term:ident, scalar) => {
        $r.scalar(stringify!($term))?
    };
}

#[cfg(test)]
mod tests {
    use crate::reader::ParamReader;
    use crate::score::S;
    use crate::EvalParams;

    eval_terms! {
        /// Two sections, one continuing without a header.
        struct TestTerms;
        first => "First." => {
            alpha: tapered(3, -4),
            beta: scalar(7),
        }
        more => "" => {
            gamma: tapered(0, 9),
        }
    }

    /// One declaration gives the parameters (names, defaults, sections in order), the
    /// struct's fields and the read, and they agree.
    #[test]
    fn one_declaration_pushes_and_reads_the_same_terms() {
        let mut p = EvalParams::new("test");
        TestTerms::first(&mut p);
        TestTerms::more(&mut p);
        let names: Vec<&str> = p.iter().map(|t| t.name).collect();
        assert_eq!(names, TestTerms::NAMES);
        assert_eq!(names, ["alpha", "beta", "gamma"]);
        // One header for the two sections, the second continuing the first.
        let text = p.to_text();
        let body: Vec<Vec<&str>> = text
            .lines()
            .skip_while(|l| *l != "# First.")
            .filter(|l| !l.is_empty())
            .map(|l| l.split_whitespace().collect())
            .collect();
        assert_eq!(
            body,
            [
                vec!["#", "First."],
                vec!["alpha", "3", "-4"],
                vec!["beta", "7"],
                vec!["gamma", "0", "9"]
            ],
            "{text}"
        );
        let r = ParamReader::new(&p, "test", &[]).unwrap();
        let t = TestTerms::read(&r).unwrap();
        assert_eq!(
            t,
            TestTerms {
                alpha: S::new(3, -4),
                beta: 7,
                gamma: S::new(0, 9),
            }
        );
        // A set without one of them is refused, naming it.
        let mut short = EvalParams::new("test");
        TestTerms::first(&mut short);
        let r = ParamReader::new(&short, "test", &[]).unwrap();
        let err = TestTerms::read(&r).unwrap_err();
        assert!(err.contains("gamma"), "{err}");
    }
}
