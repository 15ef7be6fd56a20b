//! A shared, line-atomic output channel: the input thread and workers write whole lines, so
//! their output never interleaves mid-line.

use std::io::Write;
use std::sync::{Arc, Mutex};

#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    pub fn new(w: Box<dyn Write + Send>) -> Self {
        Output(Arc::new(Mutex::new(w)))
    }

    pub fn stdout() -> Self {
        Self::new(Box::new(std::io::stdout()))
    }

    /// Writes one line and flushes. A closed pipe is ignored: the engine keeps running and
    /// exits on `quit` or end of input.
    pub fn line(&self, text: &str) {
        let mut w = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let _ = writeln!(w, "{text}");
        let _ = w.flush();
    }

    /// Writes several lines under one lock, so no other line lands between them.
    pub fn lines<I: IntoIterator<Item = String>>(&self, lines: I) {
        let mut w = self.0.lock().unwrap_or_else(|e| e.into_inner());
        for l in lines {
            let _ = writeln!(w, "{l}");
        }
        let _ = w.flush();
    }
}
