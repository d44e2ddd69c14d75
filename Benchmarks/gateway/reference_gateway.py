"""The reference gateway as the phone app's documentation describes it (FastAPI + kafka-python): each sample is
sent to Kafka one by one, keyed by userId, and the answer is success whatever Kafka does. Kept here only to be
measured against Kiroku in the same run; it is not part of the product."""
import json
import os
import uuid
from datetime import datetime, timezone

from fastapi import FastAPI, Request
from kafka import KafkaProducer

app = FastAPI()
producer = KafkaProducer(
    bootstrap_servers=os.environ["KAFKA_BROKERS"].split(","),
    key_serializer=lambda k: k.encode(),
    value_serializer=lambda v: json.dumps(v).encode(),
)


@app.get("/health")
def health():
    return {"status": "ok", "message": "Gateway is running"}


@app.post("/api/v1/health-data/")
async def ingest(request: Request):
    payload = await request.json()
    for sample in payload["samples"]:
        producer.send("health-data", key=payload["userId"], value={
            "deviceId": payload["deviceId"], "userId": payload["userId"], "sample": sample,
            "timestamp": payload.get("timestamp"), "appVersion": payload.get("appVersion"),
        })
    count = len(payload["samples"])
    return {"status": "success", "requestId": str(uuid.uuid4()), "timestamp": datetime.now(timezone.utc).isoformat(),
            "samplesReceived": count, "success": True, "syncedCount": count, "failedCount": 0,
            "message": "All data synced successfully"}
