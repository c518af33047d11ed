{{- define "pf.fullname" -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- define "pf.labels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}
{{- define "pf.selector" -}}
app.kubernetes.io/name: {{ .root.Chart.Name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}
{{- define "pf.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}{{ default (include "pf.fullname" .) .Values.serviceAccount.name }}{{- else -}}{{ default "default" .Values.serviceAccount.name }}{{- end -}}
{{- end -}}
{{- define "pf.image" -}}
{{ printf "%s:%s" .Values.image.repository .Values.image.tag | quote }}
{{- end -}}
{{/* settings naming the mounted secret files */}}
{{- define "pf.secretEnv" -}}
{{- if .Values.secrets.tls.existingSecret }}
- name: TLS_CERT_FILE
  value: /var/run/secrets/partner-financing/tls/tls.crt
- name: TLS_KEY_FILE
  value: /var/run/secrets/partner-financing/tls/tls.key
{{- end }}
{{- if .Values.secrets.mongo.existingSecret }}
- name: MONGO_URL_FILE
  value: /var/run/secrets/partner-financing/mongo/{{ .Values.secrets.mongo.key }}
{{- end }}
{{- if .Values.secrets.kafka.existingSecret }}
- name: KAFKA_SASL_PASSWORD_FILE
  value: /var/run/secrets/partner-financing/kafka/{{ .Values.secrets.kafka.key }}
{{- end }}
{{- if .Values.secrets.masterKey.existingSecret }}
- name: MASTER_KEY_FILE
  value: /var/run/secrets/partner-financing/masterkey/{{ .Values.secrets.masterKey.key }}
{{- end }}
{{- if .Values.secrets.mongoTls.existingSecret }}
- name: MONGO_TLS_CA_FILE
  value: /var/run/secrets/partner-financing/mongotls/{{ .Values.secrets.mongoTls.caKey }}
{{- with .Values.secrets.mongoTls.certKeyKey }}
- name: MONGO_TLS_CERT_KEY_FILE
  value: /var/run/secrets/partner-financing/mongotls/{{ . }}
{{- end }}
{{- end }}
{{- end -}}
{{- define "pf.volumeMounts" -}}
- name: tmp
  mountPath: /tmp
{{- range $n := list "tls" "mongo" "kafka" "masterKey" "mongoTls" }}
{{- if (index $.Values.secrets $n).existingSecret }}
- name: secret-{{ lower $n }}
  mountPath: /var/run/secrets/partner-financing/{{ lower $n }}
  readOnly: true
{{- end }}
{{- end }}
{{- end -}}
{{- define "pf.volumes" -}}
- name: tmp
  emptyDir:
    sizeLimit: {{ .Values.tmpSizeLimit }}
{{- range $n := list "tls" "mongo" "kafka" "masterKey" "mongoTls" }}
{{- with (index $.Values.secrets $n).existingSecret }}
- name: secret-{{ lower $n }}
  secret:
    secretName: {{ . }}
    defaultMode: 0440
{{- end }}
{{- end }}
{{- end -}}
{{- define "pf.podSpecCommon" -}}
serviceAccountName: {{ include "pf.serviceAccountName" . }}
automountServiceAccountToken: false
securityContext:
  {{- toYaml .Values.podSecurityContext | nindent 2 }}
{{- with .Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}
{{- define "pf.checkGrace" -}}
{{- if le (int .Values.terminationGracePeriodSeconds) (add (int .Values.shutdownDelaySeconds) 25 | int) -}}
{{- fail "terminationGracePeriodSeconds must exceed shutdownDelaySeconds + 25 (the API's hard stop)" -}}
{{- end -}}
{{- end -}}
{{- define "pf.configData" -}}
{{- range $k, $v := omit .Values.config "SHUTDOWN_DELAY" }}
{{ $k }}: {{ $v | toString | quote }}
{{- end }}
SHUTDOWN_DELAY: {{ printf "%ds" (int .Values.shutdownDelaySeconds) | quote }}
{{- end -}}
