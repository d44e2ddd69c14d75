"""The peer Kiroku's gateway is measured against: the phone app's gateway as its guide describes it
(reference/gateway-protocol.md), with confluent-kafka (librdkafka) instead of kafka-python. One produce per
sample keyed by userId, value {deviceId, userId, sample as received, timestamp, appVersion}; the request waits
for Kafka's delivery reports (flush) before answering, so a success means Kafka has the batch (acks=all, the
librdkafka default). Nothing is stored and retries are not deduplicated. Run by run.sh with 2 uvicorn workers;
it is not part of the product."""
import asyncio
import json
import os
import uuid
from datetime import datetime, timezone

from confluent_kafka import Producer
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

app = FastAPI()
producer = Producer({"bootstrap.servers": os.environ["KAFKA_BROKERS"], "linger.ms": 1})
TOPIC = os.environ.get("KAFKA_TOPIC", "health-data")


@app.get("/health")
def health():
    return {"status": "ok", "message": "Gateway is running"}


@app.post("/api/v1/health-data/")
async def ingest(request: Request):
    payload = json.loads(await request.body())
    failed = []

    def report(error, _message):
        if error is not None:
            failed.append(error)

    for sample in payload["samples"]:
        value = json.dumps({
            "deviceId": payload["deviceId"], "userId": payload["userId"], "sample": sample,
            "timestamp": payload.get("timestamp"), "appVersion": payload.get("appVersion"),
        })
        producer.produce(TOPIC, key=payload["userId"], value=value, on_delivery=report)
    # flush blocks, so it runs on a thread: the worker keeps reading other requests meanwhile.
    await asyncio.to_thread(producer.flush, 10)
    count = len(payload["samples"])
    if failed:
        return JSONResponse({"status": "failed", "success": False, "message": "Kafka did not take the batch"}, status_code=503)
    return {"status": "success", "requestId": str(uuid.uuid4()), "timestamp": datetime.now(timezone.utc).isoformat(),
            "samplesReceived": count, "success": True, "syncedCount": count, "failedCount": 0,
            "message": "All data synced successfully"}
