#!/usr/bin/env python3
"""Reads multi-document YAML on stdin, validates every document against the schemas shipped in
tests/data/k8s (see SOURCES.md there) and prints {"documents": [...], "errors": [...]} as JSON.

Test helper for tst_cli_k8s: PyYAML (python3-yaml) parses, python3-jsonschema validates.
- LeaderWorkerSet: the openAPIV3Schema of the LWS CRD; its pod templates embed the core PodTemplateSpec
  schema of k8s.io/api v0.36.
- Deployment, Service: the Kubernetes v1.21.2 OpenAPI definitions; a Deployment's pod template is also
  checked against the LWS CRD's (newer) PodTemplateSpec.
Schemas are made strict the way kubeconform's "-strict" / yannh's standalone-strict schemas are: an
object schema that lists properties gets additionalProperties: false, so a misspelt field fails
(the API server would silently drop it). IntOrString and Quantity accept a string or a number, as
the API server does.
"""
import json
import os
import sys

import jsonschema
import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, '..', 'data', 'k8s')


def strict(node):
    if isinstance(node, dict):
        out = {k: strict(v) for k, v in node.items()}
        if ('properties' in out and 'additionalProperties' not in out
                and not out.get('x-kubernetes-preserve-unknown-fields')):
            out['additionalProperties'] = False
        return out
    if isinstance(node, list):
        return [strict(v) for v in node]
    return node


def load(name):
    with open(os.path.join(DATA, name), encoding='utf-8') as f:
        return json.load(f)


def kubernetes_schema(root):
    defs = strict(load('kubernetes-v1.21.2-deployment-service.json')['definitions'])
    either = {'oneOf': [{'type': 'string'}, {'type': 'integer'}]}
    defs['io.k8s.apimachinery.pkg.util.intstr.IntOrString'] = either
    defs['io.k8s.apimachinery.pkg.api.resource.Quantity'] = {'oneOf': [{'type': 'string'}, {'type': 'number'}]}
    return {'$ref': '#/definitions/' + root, 'definitions': defs}


def errors_of(validator, doc, where):
    return ['%s: %s at %s' % (where, e.message, '/'.join(str(p) for p in e.absolute_path))
            for e in validator.iter_errors(doc)]


def main():
    lws = strict(load('leaderworkerset-v1.schema.json'))
    pod_template = lws['properties']['spec']['properties']['leaderWorkerTemplate']['properties']['leaderTemplate']
    validators = {
        ('leaderworkerset.x-k8s.io/v1', 'LeaderWorkerSet'): jsonschema.Draft4Validator(lws),
        ('apps/v1', 'Deployment'): jsonschema.Draft4Validator(kubernetes_schema('io.k8s.api.apps.v1.Deployment')),
        ('v1', 'Service'): jsonschema.Draft4Validator(kubernetes_schema('io.k8s.api.core.v1.Service')),
    }
    template_validator = jsonschema.Draft4Validator(pod_template)
    docs, errors = [], []
    try:
        loaded = [d for d in yaml.safe_load_all(sys.stdin.read()) if d is not None]
    except yaml.YAMLError as e:
        print(json.dumps({'documents': [], 'errors': ['yaml: %s' % e]}))
        return 0
    for i, doc in enumerate(loaded):
        docs.append(doc)
        if not isinstance(doc, dict):
            errors.append('document %d is not a mapping' % i)
            continue
        key = (doc.get('apiVersion'), doc.get('kind'))
        validator = validators.get(key)
        if validator is None:
            errors.append('document %d: no schema for %s' % (i, key))
            continue
        errors += errors_of(validator, doc, 'document %d (%s)' % (i, key[1]))
        if key[1] == 'Deployment':
            template = doc.get('spec', {}).get('template')
            errors += errors_of(template_validator, template, 'document %d (pod template, LWS CRD)' % i)
    print(json.dumps({'documents': docs, 'errors': errors}))
    return 0


if __name__ == '__main__':
    sys.exit(main())
