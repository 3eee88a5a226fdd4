import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Status(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    STATUS_UNSPECIFIED: _ClassVar[Status]
    CURRENT: _ClassVar[Status]
    HISTORICAL: _ClassVar[Status]
    RETRACTED: _ClassVar[Status]
    ARCHIVED: _ClassVar[Status]
STATUS_UNSPECIFIED: Status
CURRENT: Status
HISTORICAL: Status
RETRACTED: Status
ARCHIVED: Status

class Item(_message.Message):
    __slots__ = ("id", "subject", "attribute", "value", "text", "category", "kind", "tags", "confidence", "importance", "observed_at", "valid_from", "valid_to", "status", "superseded_by", "sources", "access_count", "last_access", "origin", "status_reason", "supersedes", "links", "pinned", "ended_by", "decayed_at", "doubt", "doubted_at", "heard_at", "when", "relation")
    ID_FIELD_NUMBER: _ClassVar[int]
    SUBJECT_FIELD_NUMBER: _ClassVar[int]
    ATTRIBUTE_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    CATEGORY_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    TAGS_FIELD_NUMBER: _ClassVar[int]
    CONFIDENCE_FIELD_NUMBER: _ClassVar[int]
    IMPORTANCE_FIELD_NUMBER: _ClassVar[int]
    OBSERVED_AT_FIELD_NUMBER: _ClassVar[int]
    VALID_FROM_FIELD_NUMBER: _ClassVar[int]
    VALID_TO_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    SUPERSEDED_BY_FIELD_NUMBER: _ClassVar[int]
    SOURCES_FIELD_NUMBER: _ClassVar[int]
    ACCESS_COUNT_FIELD_NUMBER: _ClassVar[int]
    LAST_ACCESS_FIELD_NUMBER: _ClassVar[int]
    ORIGIN_FIELD_NUMBER: _ClassVar[int]
    STATUS_REASON_FIELD_NUMBER: _ClassVar[int]
    SUPERSEDES_FIELD_NUMBER: _ClassVar[int]
    LINKS_FIELD_NUMBER: _ClassVar[int]
    PINNED_FIELD_NUMBER: _ClassVar[int]
    ENDED_BY_FIELD_NUMBER: _ClassVar[int]
    DECAYED_AT_FIELD_NUMBER: _ClassVar[int]
    DOUBT_FIELD_NUMBER: _ClassVar[int]
    DOUBTED_AT_FIELD_NUMBER: _ClassVar[int]
    HEARD_AT_FIELD_NUMBER: _ClassVar[int]
    WHEN_FIELD_NUMBER: _ClassVar[int]
    RELATION_FIELD_NUMBER: _ClassVar[int]
    id: str
    subject: str
    attribute: str
    value: str
    text: str
    category: str
    kind: str
    tags: _containers.RepeatedScalarFieldContainer[str]
    confidence: float
    importance: float
    observed_at: _timestamp_pb2.Timestamp
    valid_from: _timestamp_pb2.Timestamp
    valid_to: _timestamp_pb2.Timestamp
    status: Status
    superseded_by: str
    sources: _containers.RepeatedScalarFieldContainer[str]
    access_count: int
    last_access: _timestamp_pb2.Timestamp
    origin: str
    status_reason: str
    supersedes: _containers.RepeatedScalarFieldContainer[str]
    links: _containers.RepeatedScalarFieldContainer[str]
    pinned: bool
    ended_by: str
    decayed_at: _timestamp_pb2.Timestamp
    doubt: str
    doubted_at: _timestamp_pb2.Timestamp
    heard_at: _timestamp_pb2.Timestamp
    when: _timestamp_pb2.Timestamp
    relation: str
    def __init__(self, id: _Optional[str] = ..., subject: _Optional[str] = ..., attribute: _Optional[str] = ..., value: _Optional[str] = ..., text: _Optional[str] = ..., category: _Optional[str] = ..., kind: _Optional[str] = ..., tags: _Optional[_Iterable[str]] = ..., confidence: _Optional[float] = ..., importance: _Optional[float] = ..., observed_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., valid_from: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., valid_to: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., status: _Optional[_Union[Status, str]] = ..., superseded_by: _Optional[str] = ..., sources: _Optional[_Iterable[str]] = ..., access_count: _Optional[int] = ..., last_access: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., origin: _Optional[str] = ..., status_reason: _Optional[str] = ..., supersedes: _Optional[_Iterable[str]] = ..., links: _Optional[_Iterable[str]] = ..., pinned: _Optional[bool] = ..., ended_by: _Optional[str] = ..., decayed_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., doubt: _Optional[str] = ..., doubted_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., heard_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., when: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., relation: _Optional[str] = ...) -> None: ...
