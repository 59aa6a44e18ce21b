//! A Mosquitto of a test's own: a child process on a free port, with persistence in a directory the test gives,
//! so a session and its subscriptions survive a restart of the broker as they would on a production broker.

use std::process::{Child, Command, Stdio};
use std::time::Duration;

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

pub struct Mosquitto {
    child: Child,
}

impl Mosquitto {
    /// Starts Mosquitto on `port` and waits until it accepts connections.
    pub async fn start(port: u16, dir: &std::path::Path) -> Mosquitto {
        let config = dir.join("mosquitto.conf");
        std::fs::write(
            &config,
            format!(
                "listener {port} 127.0.0.1\nallow_anonymous true\npersistence true\npersistence_location {}/\n",
                dir.display()
            ),
        )
        .unwrap();
        let child = Command::new("mosquitto")
            .arg("-c")
            .arg(&config)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("mosquitto is installed (apt-get install mosquitto)");
        let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
        while tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_err() {
            assert!(tokio::time::Instant::now() < deadline, "mosquitto did not start on {port}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        Mosquitto { child }
    }

    /// Stops it the way a service manager does (SIGTERM: it saves its state) and waits for the exit.
    pub fn stop(mut self) {
        let _ = Command::new("kill").arg("-TERM").arg(self.child.id().to_string()).status();
        let _ = self.child.wait();
    }
}

impl Drop for Mosquitto {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
