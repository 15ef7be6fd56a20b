//! The games the server holds, by id. There is a bound on how many: a new game past it replaces
//! the one left alone longest (its search stopped), so a page left open for days, or a script
//! creating games in a loop, never exhausts the machine.

use crate::session::{self, lock, Refusal, Session, SessionRef, Settings};
use grimoire_registry::Registry;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::broadcast;

/// Games held at once.
pub const MAX_GAMES: usize = 64;
/// Events a slow WebSocket listener may fall behind by before it is sent the state afresh.
const EVENT_BUFFER: usize = 256;

pub struct Games {
    registry: Arc<Registry>,
    sessions: Mutex<HashMap<String, SessionRef>>,
    max: usize,
}

impl Games {
    pub fn new(registry: Arc<Registry>, max: usize) -> Games {
        Games {
            registry,
            sessions: Mutex::new(HashMap::new()),
            max: max.max(1),
        }
    }

    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    /// A new game; past the bound, the game untouched longest is closed first.
    pub fn create(
        &self,
        settings: Settings,
        setup_commands: &[String],
    ) -> Result<SessionRef, Refusal> {
        let id = format!("{:016x}", rand::random::<u64>());
        let (events, _) = broadcast::channel(EVENT_BUFFER);
        let session = Session::create(
            id.clone(),
            self.registry.clone(),
            settings,
            setup_commands,
            events,
        )?;
        let mut sessions = self.sessions.lock().unwrap_or_else(|e| e.into_inner());
        while sessions.len() >= self.max {
            let oldest = sessions
                .iter()
                .min_by_key(|(_, s)| lock(s).touched)
                .map(|(id, _)| id.clone());
            match oldest.and_then(|id| sessions.remove(&id)) {
                Some(s) => lock(&s).close(),
                None => break,
            }
        }
        sessions.insert(id, session.clone());
        Ok(session)
    }

    pub fn get(&self, id: &str) -> Option<SessionRef> {
        self.sessions
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(id)
            .cloned()
    }

    /// Closes a game; whether it existed.
    pub fn remove(&self, id: &str) -> bool {
        let removed = self
            .sessions
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(id);
        match removed {
            Some(s) => {
                lock(&s).close();
                true
            }
            None => false,
        }
    }

    pub fn len(&self) -> usize {
        self.sessions
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The clocks' check: a side out of time loses, and the page is told.
    pub fn tick(&self) {
        let all: Vec<SessionRef> = self
            .sessions
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .values()
            .cloned()
            .collect();
        for s in all {
            let mut s = session::lock(&s);
            if s.check_flag() {
                s.publish();
            }
        }
    }
}
