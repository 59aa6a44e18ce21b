//! Where the host application places what it hears: which registered source an edge node is. It is read on every
//! message and changes only when an administrator registers or deletes a source, so it is a whole map loaded from
//! the store and swapped in at once (readers never wait on the database).

use ironsight_sparkplug::NodeId;
use ironsight_store::Store;
use std::collections::HashMap;
use std::sync::{Arc, RwLock};

/// A registered edge node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Source {
    pub id: i64,
    pub org_id: i64,
}

/// The map, shared by the link.
#[derive(Default)]
pub struct Directory {
    nodes: RwLock<Arc<HashMap<NodeId, Source>>>,
}

impl Directory {
    /// The registered source of edge node `node`.
    pub fn source(&self, node: &NodeId) -> Option<Source> {
        self.nodes.read().expect("directory lock").get(node).copied()
    }

    /// Reloads the map from the store.
    pub async fn reload(&self, store: &Store) -> anyhow::Result<()> {
        let mut nodes = HashMap::new();
        for n in store.sparkplug_nodes().await? {
            // Registration checks the ids; a row that is not a valid node id could never be published as one.
            if let Some(node) = NodeId::new(&n.group_id, &n.node_id) {
                nodes.insert(node, Source { id: n.source_id, org_id: n.org_id });
            }
        }
        *self.nodes.write().expect("directory lock") = Arc::new(nodes);
        Ok(())
    }
}
