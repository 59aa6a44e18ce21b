//! Where the host application places what it hears: which registered source an edge node is, and which signal
//! each metric of an adopted device feeds. Both are read on every message and change only when an administrator
//! registers, deletes or adopts, or edits an adopted equipment, so each is a whole map loaded from the store and
//! swapped in at once (readers never wait on the database).

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

/// Where one metric's values go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Route {
    pub signal_id: i64,
    pub equipment_id: i64,
}

/// Metric name → route, for one adopted device.
pub type DeviceRoutes = HashMap<String, Route>;

/// Each adopted device's routes, by source id and device id (`''`: the node's own metrics).
type RoutesByDevice = HashMap<(i64, String), Arc<DeviceRoutes>>;

/// The maps, shared by the link.
#[derive(Default)]
pub struct Directory {
    nodes: RwLock<Arc<HashMap<NodeId, Source>>>,
    routes: RwLock<Arc<RoutesByDevice>>,
}

impl Directory {
    /// The registered source of edge node `node`.
    pub fn source(&self, node: &NodeId) -> Option<Source> {
        self.nodes.read().expect("directory lock").get(node).copied()
    }

    /// The routes of source `source_id`'s device (`''`: the node), when it is adopted.
    pub fn routes(&self, source_id: i64, device: &str) -> Option<Arc<DeviceRoutes>> {
        self.routes.read().expect("directory lock").get(&(source_id, device.to_owned())).cloned()
    }

    /// Reloads both maps from the store.
    pub async fn reload(&self, store: &Store) -> anyhow::Result<()> {
        let mut nodes = HashMap::new();
        for n in store.sparkplug_nodes().await? {
            // Registration checks the ids; a row that is not a valid node id could never be published as one.
            if let Some(node) = NodeId::new(&n.group_id, &n.node_id) {
                nodes.insert(node, Source { id: n.source_id, org_id: n.org_id });
            }
        }
        let mut routes: HashMap<(i64, String), DeviceRoutes> = HashMap::new();
        for r in store.gm_routes().await? {
            let route = Route { signal_id: r.signal_id, equipment_id: r.equipment_id };
            routes.entry((r.source_id, r.device_id)).or_default().insert(r.metric, route);
        }
        let routes = routes.into_iter().map(|(k, v)| (k, Arc::new(v))).collect();
        *self.nodes.write().expect("directory lock") = Arc::new(nodes);
        *self.routes.write().expect("directory lock") = Arc::new(routes);
        Ok(())
    }
}
