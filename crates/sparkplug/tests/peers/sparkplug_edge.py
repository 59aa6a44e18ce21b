"""A third-party Sparkplug B edge node for the GM equipment tests: pysparkplug (from the package index, not written
here) driven line by line, so a test can make it born, send data, skip a sequence number, take a write, or die.

    .venv/bin/python crates/sparkplug/tests/peers/sparkplug_edge.py HOST PORT USERNAME PASSWORD GROUP NODE

The MQTT client id is the user name (the console's rule). Commands come on stdin, one JSON object per line:

    {"op": "connect"}                                  NBIRTH, then the device "Analyser"'s DBIRTH
    {"op": "update", "metrics": {"pH": 7.25, ...}}     a DDATA of the device with those values
    {"op": "gap"}                                      the next message skips one sequence number
    {"op": "kill"}                                     the process ends without DISCONNECT (the broker sends NDEATH)

Events go to stdout, one JSON object per line: {"event": "connected"} (once the births are published, so what a test
sends next comes after them), {"event": "updated"}, {"event": "rebirth"} (an NCMD "Node Control/Rebirth" was
answered with new births, published before the event), {"event": "write", "metric": ..., "value": ...} (a DCMD was
applied and answered with a DDATA carrying the written value), {"event": "error", "message": ...}.
"""

import datetime
import json
import os
import queue
import sys
import threading

import pysparkplug as psp

DEVICE = "Analyser"

# One metric of every scalar datatype, with a first value and the unit the birth announces for the numeric ones.
FIRST_VALUES = {
    "pH": (psp.DataType.DOUBLE, 7.0),
    "Turbidity": (psp.DataType.FLOAT, 0.5),
    "Chlorine i8": (psp.DataType.INT8, -5),
    "Level i16": (psp.DataType.INT16, -300),
    "Count i32": (psp.DataType.INT32, -70000),
    "Total i64": (psp.DataType.INT64, -5000000000),
    "Mode u8": (psp.DataType.UINT8, 200),
    "Flow u16": (psp.DataType.UINT16, 60000),
    "Hours u32": (psp.DataType.UINT32, 4000000000),
    "Energy u64": (psp.DataType.UINT64, 9000000000000),
    "Running": (psp.DataType.BOOLEAN, True),
    "State": (psp.DataType.STRING, "sampling"),
    "Note": (psp.DataType.TEXT, "调试中"),
    "Calibrated": (psp.DataType.DATETIME, datetime.datetime(2026, 1, 2, 3, 4, 5, tzinfo=datetime.timezone.utc)),
}

lock = threading.Lock()


def emit(**event):
    with lock:
        sys.stdout.write(json.dumps(event, default=str) + "\n")
        sys.stdout.flush()


def metric(name, value, datatype=None):
    datatype = datatype or FIRST_VALUES[name][0]
    return psp.Metric(timestamp=psp.get_current_timestamp(), name=name, datatype=datatype, value=value)


def main():
    host, port, username, password, group, node_id = sys.argv[1:7]
    client = psp.Client(client_id=username, username=username, password=password)
    state = {"node": None}

    # pysparkplug publishes its births from the MQTT thread once connected and says nothing when done: a DBIRTH
    # through the client is the sign. A test waits for it, so that its next command's DDATA cannot come first
    # (data before a birth would make the host ask for yet another rebirth).
    born = threading.Event()
    publish = client.publish

    def publish_and_note_births(message, *args, **kwargs):
        publish(message, *args, **kwargs)
        if message.topic.message_type == psp.MessageType.DBIRTH:
            born.set()

    client.publish = publish_and_note_births

    def connect_and_wait_for_births():
        born.clear()
        state["node"].connect(host, port=int(port), blocking=False)
        if not born.wait(timeout=30):
            raise TimeoutError("no births within 30 s of connecting")

    def on_device_command(node, message):
        # A write: apply each metric and send it back in a DDATA, which is how the host learns it took effect.
        applied = [metric(m.name, m.value) for m in message.payload.metrics if m.name in FIRST_VALUES]
        node.update_device(DEVICE, applied)
        for m in applied:
            emit(event="write", metric=m.name, value=m.value)

    rebirths = queue.Queue()

    def on_node_command(node, message):
        # Answered off the MQTT client's thread: pysparkplug's disconnect joins that thread.
        for m in message.payload.metrics:
            if m.name == "Node Control/Rebirth" and m.value:
                rebirths.put(True)

    def rebirth_worker():
        while rebirths.get():
            # pysparkplug publishes its births on (re)connecting.
            state["node"].disconnect()
            try:
                connect_and_wait_for_births()
                emit(event="rebirth")
            except Exception as error:
                emit(event="error", message=repr(error))

    threading.Thread(target=rebirth_worker, daemon=True).start()

    device = psp.Device(DEVICE, [metric(n, v) for n, (_, v) in FIRST_VALUES.items()], cmd_callback=on_device_command)
    node = psp.EdgeNode(group, node_id, [metric("Uptime", 0, psp.DataType.UINT64)], client=client, cmd_callback=on_node_command)
    node.register(device)
    state["node"] = node

    for line in sys.stdin:
        try:
            command = json.loads(line)
            op = command.get("op")
            if op == "connect":
                connect_and_wait_for_births()
                emit(event="connected")
            elif op == "update":
                node.update_device(DEVICE, [metric(n, v) for n, v in command["metrics"].items()])
                emit(event="updated")
            elif op == "gap":
                next(node._EdgeNode__seq_cycler)  # pysparkplug keeps the sequence private; skipping one is the point
                emit(event="gapped")
            elif op == "kill":
                os._exit(0)
            else:
                emit(event="error", message=f"unknown op {op!r}")
        except Exception as error:  # a test reads the message; the peer keeps serving
            emit(event="error", message=repr(error))


if __name__ == "__main__":
    main()
