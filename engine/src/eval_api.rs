//! The interface between search and evaluation, as evaluators name it: the search's
//! [`Evaluator`] trait and [`Score`] (defined beside the search, `search/evaluator.rs`, so
//! the two modules do not import each other) and the margins an evaluator carries.

pub use crate::search::evaluator::{Evaluator, Score};
pub use crate::search::SearchParams;
